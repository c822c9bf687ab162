/**
 * Research ideas (investing.md 2 "Research ideas", 4 "Research", 5 "Charts, ideas, other", 9 "Ideas"): the segments,
 * categories and call-type filter lists, and the rules the ideas view applies to the calls it has been given.
 */

export const ideaSegments = ['EQUITY', 'DERIVATIVE', 'CDS', 'COM'] as const;
export type IdeaSegment = (typeof ideaSegments)[number];

export const ideaCategories = ['technical', 'fundamental', 'derivative'] as const;
export type IdeaCategory = (typeof ideaCategories)[number];

export const ALL_CALLS = 'ALL CALLS';

/** The call-type filter of each category, in the spec's order (investing.md 9 "Ideas"). */
export const ideaFilters = {
  derivative: [
    ALL_CALLS,
    'INTRADAY',
    'BTST',
    'STBT',
    'OPTION INTRADAY',
    'OPTION POSITIONAL',
    'DERIVATIVE STRATEGY',
    'MOMENTUM',
    'SWING',
  ],
  technical: [ALL_CALLS, 'INTRADAY', 'BTST', 'MOMENTUM', 'SWING', 'STOCK VELOCITY', 'LONGTERM IDEAS'],
  fundamental: [ALL_CALLS, 'MIDCAP IDEAS', 'LONGTERM IDEAS'],
} as const satisfies Record<IdeaCategory, readonly string[]>;

/** The call types a vendor files calls under: every filter but ALL CALLS. */
export function subcategoriesOf(category: IdeaCategory): readonly string[] {
  return ideaFilters[category].filter((name) => name !== ALL_CALLS);
}

/** FNO calls are the derivative category and no other; the other segments are technical or fundamental. */
export function isCategoryOfSegment(segment: IdeaSegment, category: IdeaCategory): boolean {
  return (segment === 'DERIVATIVE') === (category === 'derivative');
}

export function isFilterOfCategory(category: IdeaCategory, subcategory: string): boolean {
  return (ideaFilters[category] as readonly string[]).includes(subcategory);
}

export interface IdeaTab {
  id: 'equity' | 'fno' | 'currency' | 'commodity';
  segment: IdeaSegment;
  /** Switching tabs resets category and filter to these (investing.md 4 "Research"). */
  category: IdeaCategory;
  showsCategory: boolean;
}

/** Equity sets technical; FNO sets derivative and hides the radio; Currency and Commodity select the second radio. */
export const ideaTabs: readonly IdeaTab[] = [
  { id: 'equity', segment: 'EQUITY', category: 'technical', showsCategory: true },
  { id: 'fno', segment: 'DERIVATIVE', category: 'derivative', showsCategory: false },
  { id: 'currency', segment: 'CDS', category: 'fundamental', showsCategory: true },
  { id: 'commodity', segment: 'COM', category: 'fundamental', showsCategory: true },
];

/** Expired: the call's last day has passed without its target or stop-loss being reached. */
export const ideaCallStatuses = ['Open', 'Target Hit', 'Stop Loss Hit', 'Expired'] as const;
export type IdeaCallStatus = (typeof ideaCallStatuses)[number];

/** A stop-loss of "230" or empty shows NA (investing.md 5 "Charts, ideas, other"). */
export function stopLossShown(stopLoss: string): string {
  const value = stopLoss.trim();
  return value === '' || value === '230' ? 'NA' : value;
}

export interface SearchableIdea {
  displaySym: string;
  exchange: string;
  calldescription: string;
}

/** Keyword search over displaySym, exchange or call description, case-insensitively. */
export function matchesIdeaKeyword(idea: SearchableIdea, keyword: string): boolean {
  const wanted = keyword.trim().toLowerCase();
  if (wanted === '') return true;
  return [idea.displaySym, idea.exchange, idea.calldescription].some((field) => field.toLowerCase().includes(wanted));
}

export type SortDirection = 'ASC' | 'DSC';

/** Decimal strings compared exactly: by sign, then integer digits, then fraction digits. */
export function compareDecimal(a: string, b: string): number {
  const negA = a.startsWith('-');
  const negB = b.startsWith('-');
  if (negA !== negB) return negA ? -1 : 1;
  const [intA = '', fracA = ''] = a.replace('-', '').split('.');
  const [intB = '', fracB = ''] = b.replace('-', '').split('.');
  const width = Math.max(fracA.length, fracB.length);
  const digitsA = intA.replace(/^0+(?=\d)/, '');
  const digitsB = intB.replace(/^0+(?=\d)/, '');
  const magnitude =
    digitsA.length - digitsB.length ||
    (digitsA + fracA.padEnd(width, '0')).localeCompare(digitsB + fracB.padEnd(width, '0'));
  const sign = Math.sign(magnitude);
  return negA ? -sign : sign;
}

/** Number sorting is ASC or DSC; the order of equal numbers is kept. */
export function sortByNumber<T>(rows: readonly T[], valueOf: (row: T) => string, direction: SortDirection): T[] {
  const factor = direction === 'ASC' ? 1 : -1;
  return [...rows].sort((a, b) => factor * compareDecimal(valueOf(a), valueOf(b)));
}
