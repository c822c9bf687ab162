import {
  formatScaled,
  ok,
  reject,
  requiredMargin,
  rupeesString,
  spanExchangeSchema,
  spanInstrumentSchema,
  type Paise,
  type PriceUnits,
  type Result,
  type SpanContract,
  type SpanInstrument,
  type SpanPosition,
  type SpanResult,
} from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { loadPositions } from '../../services/portfolio/positions.ts';
import { lastPrice } from './last-price.ts';

type SpanExchange = SpanPosition['exchange'];

const EXCHANGES = spanExchangeSchema.options;
const INSTRUMENTS = spanInstrumentSchema.options;

function isSpanExchange(value: string): value is SpanExchange {
  return (EXCHANGES as readonly string[]).includes(value);
}
function isSpanInstrument(value: string): value is SpanInstrument {
  return (INSTRUMENTS as readonly string[]).includes(value);
}

/** The derivative contracts the calculator offers: futures and options of the F&O, currency and commodity exchanges. */
function contractsOf(market: Market, exchange: SpanExchange, instrument: SpanInstrument): Instrument[] {
  return market.registry.all().filter((i) => i.tradable && i.exc === exchange && i.instr === instrument);
}

export function spanInstruments(market: Market): { exchange: SpanExchange; instrument: SpanInstrument }[] {
  const found = new Set<string>();
  for (const i of market.registry.all()) {
    if (i.tradable && isSpanExchange(i.exc) && isSpanInstrument(i.instr)) found.add(`${i.exc} ${i.instr}`);
  }
  return EXCHANGES.flatMap((exchange) =>
    INSTRUMENTS.filter((instrument) => found.has(`${exchange} ${instrument}`)).map((instrument) => ({
      exchange,
      instrument,
    })),
  );
}

export function spanSymbols(market: Market, exchange: SpanExchange, instrument: SpanInstrument): string[] {
  return [...new Set(contractsOf(market, exchange, instrument).map((i) => i.symbol))].sort();
}

export function spanExpiries(
  market: Market,
  exchange: SpanExchange,
  instrument: SpanInstrument,
  symbol: string,
): Result<{ expiries: string[] }> {
  const expiries = [
    ...new Set(
      contractsOf(market, exchange, instrument).flatMap((i) => (i.symbol === symbol && i.expiry ? [i.expiry] : [])),
    ),
  ].sort();
  return expiries.length > 0 ? ok({ expiries }) : reject('CAL002');
}

export function spanContracts(
  market: Market,
  request: { exchange: SpanExchange; instrument: SpanInstrument; symbol: string; expiry: string },
): Result<{ contracts: SpanContract[] }> {
  const found = contractsOf(market, request.exchange, request.instrument)
    .filter((i) => i.symbol === request.symbol && i.expiry === request.expiry)
    .sort((a, b) => (a.strike ?? 0) - (b.strike ?? 0) || (a.optType ?? '').localeCompare(b.optType ?? ''));
  if (found.length === 0) return reject('CAL002');
  return ok({
    contracts: found.map((i) => ({
      trSymbol: i.trSymbol,
      displaySym: i.displaySym,
      strike: i.strike === null ? null : formatScaled(i.strike, i.priceDecimals),
      optType: i.optType,
      lot: i.lot,
      ltp: formatScaled(lastPrice(market, i), i.priceDecimals),
    })),
  });
}

interface Margined {
  instrument: Instrument;
  side: 'buy' | 'sell';
  lots: number;
}

/**
 * Each position's margin as the RMS blocks it for an overnight (NRML) order at the last price (domain
 * requiredMargin, the same function), and the sum. Positions are margined one by one, as orders are here: the total
 * gives no offset between them.
 */
function marginOf(market: Market, positions: readonly Margined[]): SpanResult {
  const total = { span: 0, exposure: 0, premium: 0, total: 0 };
  const rows = positions.map(({ instrument, side, lots }) => {
    const price = lastPrice(market, instrument);
    const underlying = instrument.underlying ? market.registry.byId(instrument.underlying) : undefined;
    const quantity = lots * instrument.lot;
    const margin = requiredMargin({
      instr: instrument.instr,
      exchange: instrument.exc,
      symbol: instrument.symbol,
      product: 'CARRY FORWARD',
      side,
      quantity,
      price: price as PriceUnits,
      priceDecimals: instrument.priceDecimals,
      lotQualifier: instrument.multiplier,
      underlyingPrice: (underlying ? lastPrice(market, underlying) : null) as PriceUnits | null,
      strike: instrument.strike as PriceUnits | null,
      optType: instrument.optType,
    });
    total.span += margin.span;
    total.exposure += margin.exposure;
    total.premium += margin.premium;
    total.total += margin.total;
    return {
      exchange: instrument.exc as SpanExchange,
      trSymbol: instrument.trSymbol,
      displaySym: instrument.displaySym,
      side,
      lots,
      quantity,
      price: formatScaled(price, instrument.priceDecimals),
      span: rupeesString(margin.span),
      exposure: rupeesString(margin.exposure),
      premium: rupeesString(margin.premium),
      total: rupeesString(margin.total),
    };
  });
  return {
    positions: rows,
    total: {
      span: rupeesString(total.span as Paise),
      exposure: rupeesString(total.exposure as Paise),
      premium: rupeesString(total.premium as Paise),
      total: rupeesString(total.total as Paise),
    },
  };
}

export function calculateSpanMargin(market: Market, positions: readonly SpanPosition[]): Result<SpanResult> {
  const margined: Margined[] = [];
  for (const position of positions) {
    const instrument = market.registry.bySymbol(position.exchange, position.trSymbol);
    if (!instrument || !instrument.tradable || !isSpanInstrument(instrument.instr))
      return reject('CAL002', `Contract not found: ${position.trSymbol}`);
    margined.push({ instrument, side: position.side, lots: position.lots });
  }
  return ok(marginOf(market, margined));
}

/**
 * The session client's open derivative positions, netted per contract across products, in whole lots (a part lot of
 * MCX or currency cannot be held; a remainder is left out rather than rounded up).
 */
export async function calculateSpanOfPositions(
  db: Queryable,
  market: Market,
  clientId: number,
): Promise<Result<SpanResult>> {
  const records = await loadPositions(db, clientId, null);
  const net = new Map<string, number>();
  for (const record of records) {
    const quantity = record.carryQty + record.buyQty - record.sellQty;
    net.set(record.instrumentId, (net.get(record.instrumentId) ?? 0) + quantity);
  }
  const margined: Margined[] = [];
  for (const [instrumentId, quantity] of net) {
    const instrument = market.registry.byId(instrumentId);
    if (!instrument || !isSpanInstrument(instrument.instr) || quantity === 0) continue;
    const lots = Math.floor(Math.abs(quantity) / instrument.lot);
    if (lots > 0) margined.push({ instrument, side: quantity > 0 ? 'buy' : 'sell', lots });
  }
  return ok(marginOf(market, margined));
}
