import { parsePrice, type Abilities, type SearchResult } from '@kite/domain';
import type { AssetClassButton, SearchTab } from '../market-data/search-symbols.ts';
import { opensDetails } from '../market-data/trade-permission.ts';

/** Where the search is used: the header opens scrip details, the others hand the choice back (trading.md 2.7). */
export type SearchContext = 'header' | 'watchlist' | 'order' | 'basket' | 'chart' | 'option-calculator';

export type SymbolRow = NonNullable<SearchResult['expiries']>[string]['calls'][number];
export type OptionType = 'CE' | 'PE';

export const SEARCH_TABS: readonly SearchTab[] = ['equity', 'fno', 'index', 'currency', 'commodity'];

/** What of the client's abilities the tabs and buttons depend on. */
export type SearchAbilities = Pick<Abilities, 'equity' | 'fno' | 'currency' | 'commodity' | 'spreadSearch'>;

/**
 * trading.md 6: the segments decide which search tabs appear, in the spec's order. The Index tab stays for every
 * client: the indices themselves are quotes, not traded; their futures and options need F&O (the server's rule).
 */
export function searchTabsFor(abilities: SearchAbilities): SearchTab[] {
  const allowed: Record<SearchTab, boolean> = {
    equity: abilities.equity,
    fno: abilities.fno,
    index: true,
    currency: abilities.currency,
    commodity: abilities.commodity,
  };
  return SEARCH_TABS.filter((tab) => allowed[tab]);
}

/** trading.md 2.7: Future, Option, Spread on non-equity tabs, plus Spot on currency and commodity. Spread search has
 * its own flag (trading.md 6); index futures and options need F&O. */
export function buttonsFor(tab: SearchTab, abilities: SearchAbilities): readonly AssetClassButton[] {
  const spread: AssetClassButton[] = abilities.spreadSearch ? ['SPREAD'] : [];
  switch (tab) {
    case 'equity':
      return [];
    case 'index':
      return abilities.fno ? ['FUTURE', 'OPTION', ...spread] : [];
    case 'fno':
      return ['FUTURE', 'OPTION', ...spread];
    case 'currency':
    case 'commodity':
      return ['FUTURE', 'OPTION', ...spread, 'SPOT'];
    default: {
      const unknown: never = tab;
      throw new Error(`Unknown search tab ${String(unknown)}`);
    }
  }
}

/** The button a tab starts on: Future, except the Index tab, which starts on the indices themselves (no button). */
export function initialButton(tab: SearchTab, abilities: SearchAbilities): AssetClassButton | null {
  return tab === 'index' ? null : (buttonsFor(tab, abilities)[0] ?? null);
}

/** trading.md 5.2, 9: a search runs for text longer than 2 characters, longer than 1 on the FnO tab. */
export function searchRuns(text: string, tab: SearchTab): boolean {
  return text.trim().length > (tab === 'fno' ? 1 : 2);
}

/** trading.md 5.2: the server's answer is also filtered here by symbol or company containing the text. */
export function filterResults<T extends { displaySym: string; companyName: string; sym: SearchResult['sym'] }>(
  rows: readonly T[],
  text: string,
): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.displaySym, row.companyName, row.sym.id, row.sym.trSymbol ?? '', row.sym.xSym].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}

/**
 * Whether a row may be chosen in a context (trading.md 2.7, 5.3): spot and spread rows are not tradable and cannot be
 * chosen for an order or a basket; commodity and currency rows open no scrip details. The Charts screen's own search
 * takes every row (trading.md 2.7 returns the choice to the caller; investing.md "Charts" draws currency and commodity
 * without BUY and SELL): only a watchlist row's chart button is barred from them (trading.md 5.3).
 */
export function canChoose(row: { tradable: boolean; sym: SearchResult['sym'] }, context: SearchContext): boolean {
  switch (context) {
    case 'order':
    case 'basket':
      return row.tradable;
    case 'header':
      return opensDetails(row.sym);
    case 'chart':
    case 'watchlist':
      return true;
    case 'option-calculator':
      return row.tradable && row.sym.instr.startsWith('OPT');
    default: {
      const unknown: never = context;
      throw new Error(`Unknown search context ${String(unknown)}`);
    }
  }
}

/** The next active row for an arrow key: one result per press (one element per row here), clamped at the ends. */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return delta > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, active + delta));
}

/** Expiries of an option result, nearest first (trading.md 2.7: the first is chosen automatically). */
export function expiriesOf(result: SearchResult): string[] {
  return Object.keys(result.expiries ?? {}).sort();
}

const strikeUnits = (row: SymbolRow): number => parsePrice(row.sym.strike ?? '0', 4) ?? 0;

/** Calls or puts of one expiry by ascending strike. */
export function contractsOf(result: SearchResult, expiry: string, optType: OptionType): SymbolRow[] {
  const chain = result.expiries?.[expiry];
  const rows = chain ? (optType === 'CE' ? chain.calls : chain.puts) : [];
  return [...rows].sort((a, b) => strikeUnits(a) - strikeUnits(b));
}

/** The strike nearest the underlying's last price: the at-the-money contract is the sensible first choice. */
export function nearestStrike(rows: readonly SymbolRow[], underlyingLtp: string): SymbolRow | undefined {
  const ltp = parsePrice(underlyingLtp, 4);
  if (ltp === null) return rows[0];
  let best: SymbolRow | undefined;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const gap = Math.abs(strikeUnits(row) - ltp);
    if (gap < bestGap) {
      best = row;
      bestGap = gap;
    }
  }
  return best;
}
