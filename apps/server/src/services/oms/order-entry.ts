import {
  checkEdisApproval,
  normaliseOrderForm,
  orderFormFromPayload,
  segmentOf,
  validateOrderEntry,
  type InstrumentFacts,
  type OrderEntryCheck,
  type OrderForm,
  type PlaceOrderPayload,
  type PriceUnits,
} from '@kite/domain';
import { OrderType, Validity, type Instrument, type Market } from '@kite/exchange';

/** The validator's facts for an instrument, from the exchange (lot, tick, band, decimals). */
export function instrumentFacts(market: Market, instrument: Instrument): InstrumentFacts {
  const band = market.priceBand(instrument.id);
  return {
    symbol: instrument.trSymbol,
    instr: instrument.instr,
    exchange: instrument.exc,
    lot: instrument.lot,
    tickSize: instrument.tickSize as PriceUnits,
    priceDecimals: instrument.priceDecimals,
    dprLow: band && instrument.assetClass !== 'SPREAD' ? (band.lowerBand as PriceUnits) : null,
    dprHigh: band && instrument.assetClass !== 'SPREAD' ? (band.upperBand as PriceUnits) : null,
  };
}

/** Cover stop-loss range: within COVER_RANGE_BP of the last price (chosen; trading.md 7 only says 'min-max'). */
export const COVER_RANGE_BP = 300;

export function coverTriggerRange(
  market: Market,
  instrument: Instrument,
): { low: number; high: number; last: number } | null {
  const band = market.priceBand(instrument.id);
  if (!band) return null;
  const tick = instrument.tickSize;
  const span = Math.max(tick, Math.floor((band.lastPrice * COVER_RANGE_BP) / 10_000 / tick) * tick);
  return {
    low: Math.max(band.lowerBand, band.lastPrice - span),
    high: Math.min(band.upperBand, band.lastPrice + span),
    last: band.lastPrice,
  };
}

export interface EntryInputs {
  payload: PlaceOrderPayload;
  nonPoa: boolean;
  edisApproved: number;
  now: number;
}

export type EntryOutcome =
  | { ok: true; form: OrderForm; check: Extract<OrderEntryCheck, { ok: true }> }
  | { ok: false; edis: boolean; message: string };

/**
 * trading.md 5.1 on the server: payload -> form -> the dialog's forcing rules -> the same validator as the web app,
 * with the e-DIS block of 4.2 first (an IN DP sell without POA and no approval cannot be placed at all).
 */
export function checkEntry(market: Market, instrument: Instrument, inputs: EntryInputs): EntryOutcome {
  const spread = instrument.assetClass === 'SPREAD';
  const payloadForm = orderFormFromPayload(inputs.payload, { nonPoa: inputs.nonPoa });
  // A spread order works at its price difference (far - near), which may be negative (5.1 rule 12); the form's own
  // price field (rule 5: 0 allowed for spreads) is not what the spread book trades.
  const form = normaliseOrderForm(
    spread ? { ...payloadForm, price: '0', priceDiff: payloadForm.price } : payloadForm,
    instrument.instr,
  );
  const edisBlock =
    segmentOf(instrument.instr, instrument.exc) === 'equity' ? checkEdisApproval(form, inputs.edisApproved) : null;
  if (edisBlock !== null) return { ok: false, edis: true, message: edisBlock };
  const range = form.advanceType === 'COVER' ? coverTriggerRange(market, instrument) : null;
  const check = validateOrderEntry(form, instrumentFacts(market, instrument), {
    now: inputs.now,
    edisApprovedQuantity: inputs.edisApproved,
    coverTriggerRange: range ? { low: range.low as PriceUnits, high: range.high as PriceUnits } : null,
    lastPrice: (market.priceBand(instrument.id)?.lastPrice ?? null) as PriceUnits | null,
  });
  if (!check.ok) return { ok: false, edis: false, message: check.message };
  if (spread)
    return {
      ok: true,
      form,
      check: { ...check, order: { ...check.order, price: check.order.priceDiff ?? check.order.price } },
    };
  return { ok: true, form, check };
}

export function exchangeOrderType(orderType: 'LIMIT' | 'MARKET' | 'SL' | 'SL-M'): OrderType {
  switch (orderType) {
    case 'LIMIT':
      return OrderType.Limit;
    case 'MARKET':
      return OrderType.Market;
    case 'SL':
      return OrderType.StopLimit;
    case 'SL-M':
      return OrderType.StopMarket;
  }
}

export function exchangeValidity(validity: 'DAY' | 'IOC' | 'VTD'): Validity {
  return validity === 'IOC' ? Validity.Ioc : validity === 'VTD' ? Validity.Vtd : Validity.Day;
}
