import type { SymbolObject } from '@kite/domain';
import { searchSymbols } from '../../market-data/search-symbols.ts';

/** The default chart's symbol: NIFTY 50's largest stock (investing.md leaves it open). */
const DEFAULT_SYMBOL = { text: 'RELIANCE', exc: 'NSE' } as const;

/** RELIANCE on NSE as /Trade/SymbolSearch names it, or null when the search cannot find it. */
export async function findDefaultSymbol(): Promise<SymbolObject | null> {
  const results = await searchSymbols({ text: DEFAULT_SYMBOL.text, tab: 'equity', assetClass: null });
  const found = results.find(
    (row) =>
      row.sym.exc === DEFAULT_SYMBOL.exc &&
      (row.displaySym === DEFAULT_SYMBOL.text || row.sym.trSymbol === DEFAULT_SYMBOL.text),
  );
  return found?.sym ?? null;
}
