import type { AssetClass, Exchange } from './exchange-codes.ts';
import type { Instrument } from './instrument.ts';

export interface SearchOptions {
  exchange?: Exchange;
  assetClass?: AssetClass;
  limit?: number;
}

/** Look-ups over the day's instruments: by id, by exchange and trading symbol, by underlying, and text search. */
export class InstrumentRegistry {
  private readonly list: readonly Instrument[];
  private readonly ids = new Map<string, Instrument>();
  private readonly symbols = new Map<string, Instrument>();
  private readonly derivatives = new Map<string, Instrument[]>();

  constructor(instruments: readonly Instrument[]) {
    this.list = instruments;
    for (const instrument of instruments) {
      this.ids.set(instrument.id, instrument);
      this.symbols.set(`${instrument.exc}:${instrument.trSymbol}`, instrument);
      if (instrument.underlying) {
        const list = this.derivatives.get(instrument.underlying) ?? [];
        list.push(instrument);
        this.derivatives.set(instrument.underlying, list);
      }
    }
  }

  all(): readonly Instrument[] {
    return this.list;
  }

  byId(id: string): Instrument | undefined {
    return this.ids.get(id);
  }

  bySymbol(exchange: Exchange, trSymbol: string): Instrument | undefined {
    return this.symbols.get(`${exchange}:${trSymbol}`);
  }

  /** Instruments whose `underlying` is this one (futures and options of a stock or index, options of a future). */
  derivativesOf(id: string): readonly Instrument[] {
    return this.derivatives.get(id) ?? [];
  }

  /** Calls and puts of an underlying for one expiry, by strike. */
  optionChain(underlyingId: string, expiry: string): { strike: number; call?: Instrument; put?: Instrument }[] {
    const rows = new Map<number, { strike: number; call?: Instrument; put?: Instrument }>();
    for (const option of this.derivativesOf(underlyingId)) {
      if (option.assetClass !== 'OPTION' || option.expiry !== expiry || option.strike === null) continue;
      const row = rows.get(option.strike) ?? { strike: option.strike };
      if (option.optType === 'CE') row.call = option;
      else row.put = option;
      rows.set(option.strike, row);
    }
    return [...rows.values()].sort((a, b) => a.strike - b.strike);
  }

  /**
   * Text search on symbol, trading symbol and company name (case-insensitive): exact symbol first, then symbols that
   * start with the text, then the rest; within a rank cash before derivatives and nearer expiries first.
   */
  search(text: string, options: SearchOptions = {}): Instrument[] {
    const query = text.trim().toUpperCase();
    if (query.length === 0) return [];
    const words = query.split(/\s+/);
    const limit = options.limit ?? 50;
    const scored: { instrument: Instrument; rank: number }[] = [];
    for (const instrument of this.list) {
      if (options.exchange && instrument.exc !== options.exchange) continue;
      if (options.assetClass && instrument.assetClass !== options.assetClass) continue;
      const haystack = `${instrument.trSymbol} ${instrument.displaySym} ${instrument.name}`.toUpperCase();
      if (!words.every((w) => haystack.includes(w))) continue;
      const symbol = instrument.symbol.toUpperCase();
      const rank = symbol === words[0] ? 0 : symbol.startsWith(words[0]!) ? 1 : 2;
      scored.push({ instrument, rank });
    }
    const classOrder: Record<AssetClass, number> = {
      EQUITY: 0,
      INDEX: 1,
      CURRENCY: 2,
      COMMODITY: 2,
      FUTURE: 3,
      OPTION: 4,
      SPREAD: 5,
    };
    scored.sort(
      (a, b) =>
        a.rank - b.rank ||
        classOrder[a.instrument.assetClass] - classOrder[b.instrument.assetClass] ||
        (a.instrument.expiryDay ?? 0) - (b.instrument.expiryDay ?? 0) ||
        (a.instrument.strike ?? 0) - (b.instrument.strike ?? 0) ||
        a.instrument.token - b.instrument.token,
    );
    return scored.slice(0, limit).map((s) => s.instrument);
  }
}
