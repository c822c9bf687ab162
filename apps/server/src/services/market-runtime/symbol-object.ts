import type { SymbolObject } from '@kite/domain';
import type { Instrument } from '@kite/exchange';
import { streamSymOf } from './instrument-ref.ts';
import { priceText } from './price-text.ts';

/** trading.md 3 "Symbol object", as the client sends it back in GetQuote, PriceChart and the order calls. */
export function symbolObjectOf(i: Instrument): SymbolObject {
  return {
    id: i.id,
    exc: i.exc,
    exc_seg: i.exc_seg,
    instr: i.instr,
    trExc: i.trExc,
    trSymbol: i.trSymbol,
    xSym: i.xSym,
    assetClass: i.assetClass,
    expiry: i.expiry,
    expiry2: i.expiry2,
    strike: i.strike === null ? null : priceText(i.strike, i.priceDecimals),
    optType: i.optType,
    calStretch: i.calStretch,
  };
}

/** Spot and spread rows are shown but not tradable (trading.md 2.7). */
export function isTradableRow(i: Instrument): boolean {
  return i.tradable && i.assetClass !== 'SPREAD';
}

export interface SymbolRow {
  sym: SymbolObject;
  displaySym: string;
  companyName: string;
  streamSym: string;
  lot: number;
  tickSize: string;
  tradable: boolean;
}

export function symbolRowOf(i: Instrument): SymbolRow {
  return {
    sym: symbolObjectOf(i),
    displaySym: i.displaySym,
    companyName: i.name,
    streamSym: streamSymOf(i),
    lot: i.lot,
    tickSize: priceText(i.tickSize, i.priceDecimals),
    tradable: isTradableRow(i),
  };
}

/** The instrument a client's symbol object names: found by id, and its exchange must agree. */
export function instrumentOfSymbol(
  find: (id: string) => Instrument | undefined,
  sym: Pick<SymbolObject, 'id' | 'exc'>,
): Instrument | undefined {
  const instrument = find(sym.id);
  return instrument && instrument.exc === sym.exc ? instrument : undefined;
}
