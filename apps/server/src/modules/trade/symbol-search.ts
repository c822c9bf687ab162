import type { Abilities, SearchResult, searchTabs } from '@kite/domain';
import type { Instrument, InstrumentCode, Market } from '@kite/exchange';
import { changeText, priceText } from '../../services/market-runtime/price-text.ts';
import { symbolRowOf, type SymbolRow } from '../../services/market-runtime/symbol-object.ts';

export type SearchTab = (typeof searchTabs)[number];
export type AssetFilter = 'FUTURE' | 'OPTION' | 'SPREAD' | 'SPOT';

/** Most rows in one answer, and most option underliers (each carries its whole chain). */
export const SEARCH_LIMIT = 50;
export const OPTION_GROUP_LIMIT = 10;

/** trading.md 5.2: text longer than 2 characters searches, longer than 1 on the FnO tab. */
export function minSearchLength(tab: SearchTab): number {
  return tab === 'fno' ? 2 : 3;
}

const FILTER_NAMES: Readonly<Record<string, AssetFilter>> = {
  FUTURE: 'FUTURE',
  FUTURES: 'FUTURE',
  OPTION: 'OPTION',
  OPTIONS: 'OPTION',
  SPREAD: 'SPREAD',
  SPOT: 'SPOT',
};

/** The asset-class button chosen (trading.md 2.7); undefined when the value is none of them. */
export function assetFilterOf(filters: readonly { name: string; value: string }[]): AssetFilter | null | undefined {
  const chosen = filters.find((f) => f.name.toLowerCase() === 'assetclass');
  if (!chosen || chosen.value.trim() === '') return null;
  return FILTER_NAMES[chosen.value.trim().toUpperCase()];
}

export interface TabRule {
  codes: readonly InstrumentCode[];
  exchanges: readonly Instrument['exc'][];
}

/**
 * What a tab and button search, for this client (trading.md 2.7, 6): the instrument codes and exchanges, 'denied'
 * when the client has no permission for that segment, 'invalid' when the tab does not offer the button.
 * Without a button the equity and index tabs show cash rows; the others start on Future (the first button).
 */
export function tabRule(tab: SearchTab, filter: AssetFilter | null, can: Abilities): TabRule | 'denied' | 'invalid' {
  const fnoExchanges = ['NFO', 'BFO'] as const;
  switch (tab) {
    case 'equity':
      if (filter !== null) return 'invalid';
      return can.equity ? { codes: ['STK'], exchanges: ['NSE', 'BSE'] } : 'denied';
    case 'index':
      if (filter === null) return { codes: ['IDX'], exchanges: ['NSE', 'BSE'] };
      if (filter === 'SPOT') return 'invalid';
      if (!can.fno || (filter === 'SPREAD' && !can.spreadSearch)) return 'denied';
      return {
        codes: [filter === 'FUTURE' ? 'FUTIDX' : filter === 'OPTION' ? 'OPTIDX' : 'FUTIDXSPR'],
        exchanges: fnoExchanges,
      };
    case 'fno': {
      const chosen = filter ?? 'FUTURE';
      if (chosen === 'SPOT') return 'invalid';
      if (!can.fno || (chosen === 'SPREAD' && !can.spreadSearch)) return 'denied';
      const codes: Record<Exclude<AssetFilter, 'SPOT'>, InstrumentCode[]> = {
        FUTURE: ['FUTIDX', 'FUTSTK'],
        OPTION: ['OPTIDX', 'OPTSTK'],
        SPREAD: ['FUTIDXSPR', 'FUTSTKSPR'],
      };
      return { codes: codes[chosen], exchanges: fnoExchanges };
    }
    case 'currency': {
      if (!can.currency) return 'denied';
      const codes: Record<AssetFilter, InstrumentCode> = {
        FUTURE: 'FUTCUR',
        OPTION: 'OPTCUR',
        SPREAD: 'FUTCURSPR',
        SPOT: 'UNDCUR',
      };
      return { codes: [codes[filter ?? 'FUTURE']], exchanges: ['CDS'] };
    }
    case 'commodity': {
      const exchanges = [...(can.mcx ? (['MCX'] as const) : []), ...(can.ncdex ? (['NCDEX'] as const) : [])];
      if (exchanges.length === 0) return 'denied';
      const codes: Record<AssetFilter, InstrumentCode[]> = {
        FUTURE: ['FUTCOM'],
        OPTION: ['OPTFUT', 'OPTCOM'],
        SPREAD: [],
        SPOT: ['COM'],
      };
      return { codes: codes[filter ?? 'FUTURE'], exchanges };
    }
    default: {
      const unknown: never = tab;
      throw new Error(`Unknown tab ${String(unknown)}`);
    }
  }
}

function resultOf(market: Market, row: Instrument, underlier: Instrument | null): SearchResult {
  const snap = market.snapshot(row.id);
  const last = snap?.lastPrice ?? row.referencePrice;
  const close = snap?.close ?? row.referencePrice;
  return {
    ...symbolRowOf(row),
    ltp: priceText(last, row.priceDecimals),
    ...changeText(last, close, row.priceDecimals),
    isResearchAvail: false,
    underlier: underlier?.symbol ?? null,
  };
}

/** The option flow (trading.md 2.7): expiry (nearest first) -> calls and puts of that expiry by strike. */
function expiriesOf(options: readonly Instrument[]): Record<string, { calls: SymbolRow[]; puts: SymbolRow[] }> {
  const sorted = [...options].sort(
    (a, b) => (a.expiryDay ?? 0) - (b.expiryDay ?? 0) || (a.strike ?? 0) - (b.strike ?? 0),
  );
  const expiries: Record<string, { calls: SymbolRow[]; puts: SymbolRow[] }> = {};
  for (const option of sorted) {
    const expiry = option.expiry ?? '';
    const entry = (expiries[expiry] ??= { calls: [], puts: [] });
    (option.optType === 'CE' ? entry.calls : entry.puts).push(symbolRowOf(option));
  }
  return expiries;
}

/**
 * Searches one tab (the registry ranks: exact symbol first, then symbols starting with the text, cash before
 * derivatives, nearer expiries first). Options come as one row per underlier with its chain in `expiries`.
 */
export function searchSymbols(market: Market, text: string, rule: TabRule): SearchResult[] {
  const codes = new Set(rule.codes);
  const exchanges = new Set(rule.exchanges);
  const matches = market.registry
    .search(text, { limit: Number.MAX_SAFE_INTEGER })
    .filter((i) => codes.has(i.instr) && exchanges.has(i.exc));
  const options = matches.filter((i) => i.assetClass === 'OPTION');
  if (options.length === 0) {
    return matches
      .slice(0, SEARCH_LIMIT)
      .map((i) => resultOf(market, i, i.underlying ? (market.registry.byId(i.underlying) ?? null) : null));
  }
  const underliers: string[] = [];
  for (const option of options) {
    if (option.underlying && !underliers.includes(option.underlying)) underliers.push(option.underlying);
    if (underliers.length === OPTION_GROUP_LIMIT) break;
  }
  return underliers.flatMap((id) => {
    const underlying = market.registry.byId(id);
    if (!underlying) return [];
    const chain = market.registry.derivativesOf(id).filter((i) => codes.has(i.instr) && exchanges.has(i.exc));
    // The underlier row only opens the chain: the options inside are what is traded.
    return [{ ...resultOf(market, underlying, underlying), tradable: false, expiries: expiriesOf(chain) }];
  });
}
