/** trading.md 5.2 and 9: a search runs on more than 2 characters (more than 1 on the FnO tab). */
export const SEARCH_MIN_LENGTH = { equity: 3, fno: 2, index: 3, currency: 3, commodity: 3 } as const;
export type SearchRuleTab = keyof typeof SEARCH_MIN_LENGTH;

export function shouldSearch(text: string, tab: SearchRuleTab): boolean {
  return text.trim().length >= SEARCH_MIN_LENGTH[tab];
}

/** Results are also filtered client-side by symbol or company containing the text (trading.md 5.2). */
export function matchesSearchText(row: { symbol: string; companyName: string }, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return row.symbol.toLowerCase().includes(needle) || row.companyName.toLowerCase().includes(needle);
}
