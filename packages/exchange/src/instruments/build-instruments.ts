import { isoDate } from '../clock/ist.ts';
import type { TradingCalendar } from '../clock/trading-calendar.ts';
import { COMMODITIES, CURRENCIES, STOCK_LOT_OVERRIDES, type CommoditySpec } from './commodity-data.ts';
import { NIFTY50_ROWS, OTHER_STOCK_ROWS } from './equity-data.ts';
import { EXCHANGE_SEGMENT, type AssetClass, type Exchange, type InstrumentCode } from './exchange-codes.ts';
import {
  commodityExpiries,
  currencyExpiries,
  monthlyCode,
  monthlyExpiries,
  monthName,
  weeklyCode,
  weeklyExpiries,
} from './expiry-calendar.ts';
import { INDEX_DERIVATIVES, INDEX_SPECS, INDIA_VIX, SENSEX_CONSTITUENTS } from './index-data.ts';
import type { Instrument } from './instrument.ts';
import { decimalToUnits, equityTick, indexFutureTick, OPTION_TICK, CURRENCY_TICK, roundToTick } from './tick-size.ts';

export interface BuildOptions {
  /** The trading date (IST day number) expiries are generated from. */
  today: number;
  calendar: TradingCalendar;
  /** Strikes each side of the money: index options (nearest two expiries) and stock options. */
  indexStrikes?: number;
  stockStrikes?: number;
  /**
   * Tokens contracts were given on earlier days, by `tokenKey`: such a contract keeps its token, and one not in it is
   * numbered after the highest token known, in build order. Empty (the default), tokens run from 1001 in build order.
   */
  tokens?: KnownTokens;
}

/** Tokens by `tokenKey(exchange, trading symbol)`: a trading symbol names one contract on its exchange, on every day. */
export type KnownTokens = ReadonlyMap<string, number>;

/** The key of a contract in `KnownTokens`. */
export function tokenKey(exc: Exchange, trSymbol: string): string {
  return `${exc}:${trSymbol}`;
}

interface Draft {
  instr: InstrumentCode;
  exc: Exchange;
  trSymbol: string;
  symbol: string;
  displaySym: string;
  name: string;
  assetClass: AssetClass;
  tickSize: number;
  referencePrice: number;
  lot?: number;
  multiplier?: number;
  priceDecimals?: 2 | 4;
  freezeQuantity?: number;
  bandPercent?: number;
  sector?: string | null;
  isin?: string | null;
  isinSynthetic?: boolean;
  underlying?: string | null;
  farLeg?: string | null;
  expiryDay?: number | null;
  expiry2Day?: number | null;
  strike?: number | null;
  optType?: 'CE' | 'PE' | null;
  calStretch?: string | null;
  tradable?: boolean;
  indices?: string[];
}

/** A deterministic ISIN-shaped id for stocks whose real ISIN market-facts does not give ("INE" + 6 + "01" + digit). */
export function syntheticIsin(symbol: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < symbol.length; i++) h = Math.imul(h ^ symbol.charCodeAt(i), 0x01000193);
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let body = '';
  let x = h >>> 0;
  for (let i = 0; i < 6; i++) {
    body += alphabet[x % 36];
    x = Math.floor(x / 36);
  }
  return `INE${body}01${(h >>> 0) % 10}`;
}

/** Lot for a stock future: a contract near ₹6.5 lakh, rounded to a round number (market-facts 3.2 where known). */
export function stockLot(symbol: string, pricePaise: number): number {
  const known = STOCK_LOT_OVERRIDES[symbol];
  if (known) return known;
  const raw = 65_000_000 / pricePaise;
  const steps = [1, 5, 10, 25, 50, 100, 125, 250, 500, 1000, 1250, 2500, 5000];
  let step = 1;
  for (const s of steps) if (s <= raw / 4) step = s;
  return Math.max(1, Math.round(raw / step) * step);
}

/** Option strike spacing for stocks, by price (rupee steps in paise). */
export function stockStrikeStep(pricePaise: number): number {
  const rupees = pricePaise / 100;
  if (rupees < 100) return 100;
  if (rupees < 250) return 250;
  if (rupees < 500) return 500;
  if (rupees < 1000) return 1000;
  if (rupees < 2500) return 2000;
  if (rupees < 5000) return 5000;
  if (rupees < 10000) return 10000;
  if (rupees < 50000) return 25000;
  return 100000;
}

function strikeText(strike: number, decimals: 2 | 4): string {
  const scale = 10 ** decimals;
  const whole = Math.floor(strike / scale);
  const fraction = strike % scale;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(decimals, '0').replace(/0+$/, '')}`;
}

/**
 * Every instrument of the simulated market for a trading date: equities on NSE and BSE, indices, index and stock
 * futures and options, calendar spreads, currency futures and options, MCX and NCDEX contracts. The build order is a
 * function of the date and the calendar alone, so the same known tokens number the same new contracts the same way.
 */
export function buildInstruments(options: BuildOptions): Instrument[] {
  const { today, calendar } = options;
  const indexStrikes = options.indexStrikes ?? 10;
  const stockStrikes = options.stockStrikes ?? 5;
  const known = options.tokens ?? new Map<string, number>();
  const out: Instrument[] = [];
  let highest = 1000;
  for (const token of known.values()) highest = Math.max(highest, token);
  const add = (d: Draft): Instrument => {
    const token = known.get(tokenKey(d.exc, d.trSymbol)) ?? ++highest;
    const priceDecimals = d.priceDecimals ?? 2;
    const instrument: Instrument = {
      instr: d.instr,
      exc: d.exc,
      exc_seg: EXCHANGE_SEGMENT[d.exc],
      trExc: d.exc,
      trSymbol: d.trSymbol,
      xSym: `${token}_${d.exc}`,
      id: String(token),
      assetClass: d.assetClass,
      expiry: d.expiryDay == null ? null : isoDate(d.expiryDay),
      expiry2: d.expiry2Day == null ? null : isoDate(d.expiry2Day),
      strike: d.strike ?? null,
      optType: d.optType ?? null,
      calStretch: d.calStretch ?? null,
      token,
      symbol: d.symbol,
      displaySym: d.displaySym,
      name: d.name,
      sector: d.sector ?? null,
      isin: d.isin ?? null,
      isinSynthetic: d.isinSynthetic ?? false,
      lot: d.lot ?? 1,
      multiplier: d.multiplier ?? 1,
      tickSize: d.tickSize,
      priceDecimals,
      freezeQuantity: d.freezeQuantity ?? 0,
      bandPercent: d.bandPercent ?? 10,
      underlying: d.underlying ?? null,
      farLeg: d.farLeg ?? null,
      expiryDay: d.expiryDay ?? null,
      referencePrice: d.referencePrice,
      tradable: d.tradable ?? true,
      indices: d.indices ?? [],
    };
    out.push(instrument);
    return instrument;
  };

  // ---- equities (NSE and BSE listings of the same companies)
  const niftySymbols = new Set(NIFTY50_ROWS.map((r) => r[0]));
  const sensexSymbols = new Set<string>(SENSEX_CONSTITUENTS);
  const stocks = [
    ...NIFTY50_ROWS.map(([symbol, name, sector, isin, price]) => ({
      symbol,
      name,
      sector,
      isin,
      price,
      fno: true,
      band: 0,
    })),
    ...OTHER_STOCK_ROWS.map(([symbol, name, sector, price, fno, band]) => ({
      symbol,
      name,
      sector,
      isin: '',
      price,
      fno,
      band,
    })),
  ];
  const memberships = new Map<string, string[]>();
  for (const spec of INDEX_SPECS) {
    const members =
      spec.constituents === 'NIFTY50'
        ? [...niftySymbols]
        : spec.constituents === 'SENSEX'
          ? [...sensexSymbols]
          : spec.constituents;
    for (const m of members) memberships.set(m, [...(memberships.get(m) ?? []), spec.name]);
  }
  const nseStock = new Map<string, Instrument>();
  for (const exc of ['NSE', 'BSE'] as const) {
    for (const s of stocks) {
      const price = decimalToUnits(s.price, 2);
      const tick = equityTick(price);
      const instrument = add({
        instr: 'STK',
        exc,
        trSymbol: exc === 'NSE' ? `${s.symbol}-EQ` : s.symbol,
        symbol: s.symbol,
        displaySym: s.symbol,
        name: s.name,
        assetClass: 'EQUITY',
        tickSize: tick,
        referencePrice: roundToTick(price, tick),
        // market-facts 4.1: F&O stocks have a 10% dynamic range; others a fixed 2/5/10/20% band.
        bandPercent: s.fno ? 10 : s.band,
        sector: s.sector,
        isin: s.isin || syntheticIsin(s.symbol),
        isinSynthetic: !s.isin,
        indices: memberships.get(s.symbol) ?? [],
      });
      if (exc === 'NSE') nseStock.set(s.symbol, instrument);
    }
  }

  // ---- indices
  const indexBySpec = new Map<string, Instrument>();
  for (const spec of INDEX_SPECS) {
    const level = decimalToUnits(spec.level, 2);
    indexBySpec.set(
      spec.name,
      add({
        instr: 'IDX',
        exc: spec.exchange,
        trSymbol: spec.name,
        symbol: spec.symbol,
        displaySym: spec.name,
        name: spec.name,
        assetClass: 'INDEX',
        tickSize: 1,
        referencePrice: level,
        tradable: false,
      }),
    );
  }
  add({
    instr: 'IDX',
    exc: INDIA_VIX.exchange,
    trSymbol: INDIA_VIX.name,
    symbol: INDIA_VIX.symbol,
    displaySym: INDIA_VIX.name,
    name: INDIA_VIX.name,
    assetClass: 'INDEX',
    tickSize: 1,
    referencePrice: decimalToUnits(INDIA_VIX.level, 2),
    tradable: false,
  });

  const addOptions = (
    base: Omit<Draft, 'instr' | 'trSymbol' | 'displaySym' | 'tickSize' | 'referencePrice' | 'assetClass'> & {
      root: string;
    },
    instr: InstrumentCode,
    code: string,
    spot: number,
    step: number,
    count: number,
    tick: number,
    decimals: 2 | 4,
  ): void => {
    const atm = Math.round(spot / step) * step;
    for (let k = -count; k <= count; k++) {
      const strike = atm + k * step;
      if (strike <= 0) continue;
      for (const optType of ['CE', 'PE'] as const) {
        const text = strikeText(strike, decimals);
        add({
          ...base,
          instr,
          trSymbol: `${base.root}${code}${text}${optType}`,
          displaySym: `${base.root} ${base.expiryDay != null ? isoDate(base.expiryDay) : ''} ${text} ${optType}`,
          assetClass: 'OPTION',
          tickSize: tick,
          referencePrice: tick, // priced from the underlying by the market (prices/option-pricing.ts)
          priceDecimals: decimals,
          strike,
          optType,
        });
      }
    }
  };

  const addFuturesAndSpreads = (
    root: string,
    exc: Exchange,
    instr: 'FUTIDX' | 'FUTSTK' | 'FUTCUR' | 'FUTCOM',
    spread: 'FUTIDXSPR' | 'FUTSTKSPR' | 'FUTCURSPR' | null,
    expiries: number[],
    base: Omit<Draft, 'instr' | 'exc' | 'trSymbol' | 'displaySym' | 'assetClass' | 'expiryDay'>,
  ): Instrument[] => {
    const futures = expiries.map((expiryDay) =>
      add({
        ...base,
        instr,
        exc,
        trSymbol: `${root}${monthlyCode(expiryDay)}FUT`,
        displaySym: `${root} ${monthName(expiryDay)} FUT`,
        assetClass: 'FUTURE',
        expiryDay,
      }),
    );
    if (spread) {
      for (let i = 1; i < futures.length; i++) {
        const near = futures[0]!;
        const far = futures[i]!;
        const stretch = `${monthName(near.expiryDay!)}-${monthName(far.expiryDay!)}`;
        add({
          ...base,
          instr: spread,
          exc,
          trSymbol: `${root}${monthlyCode(near.expiryDay!)}${monthName(far.expiryDay!)}FUT`,
          displaySym: `${root} ${stretch} SPD`,
          assetClass: 'SPREAD',
          expiryDay: near.expiryDay,
          expiry2Day: far.expiryDay,
          calStretch: stretch,
          underlying: near.id,
          farLeg: far.id,
          referencePrice: 0, // far minus near, priced by the market
          bandPercent: 0,
        });
      }
    }
    return futures;
  };

  // ---- index derivatives
  for (const spec of INDEX_DERIVATIVES) {
    const index = indexBySpec.get(spec.index)!;
    const level = index.referencePrice;
    const months = monthlyExpiries(today, spec.expiryWeekday, 3, calendar);
    const futTick = indexFutureTick(level);
    addFuturesAndSpreads(spec.symbol, spec.exchange, 'FUTIDX', 'FUTIDXSPR', months, {
      symbol: spec.symbol,
      name: `${spec.index} FUTURES`,
      tickSize: futTick,
      referencePrice: roundToTick(level, futTick),
      lot: spec.lot,
      freezeQuantity: spec.freeze,
      underlying: index.id,
    });
    const weeklies = spec.weekly ? weeklyExpiries(today, spec.expiryWeekday, 4, calendar) : [];
    const optionExpiries = [...new Set([...weeklies, ...months])].sort((a, b) => a - b);
    optionExpiries.forEach((expiryDay, i) => {
      const monthly = months.includes(expiryDay);
      addOptions(
        {
          root: spec.symbol,
          exc: spec.exchange,
          symbol: spec.symbol,
          name: `${spec.index} OPTIONS`,
          lot: spec.lot,
          freezeQuantity: spec.freeze,
          underlying: index.id,
          expiryDay,
          bandPercent: 0,
        },
        'OPTIDX',
        monthly ? monthlyCode(expiryDay) : weeklyCode(expiryDay),
        level,
        spec.strikeStep * 100,
        i < 2 ? indexStrikes : Math.ceil(indexStrikes / 2),
        OPTION_TICK,
        2,
      );
    });
  }

  // ---- stock derivatives (NFO), monthly, last Tuesday
  const stockMonths = monthlyExpiries(today, 2, 3, calendar);
  for (const s of stocks) {
    if (!s.fno) continue;
    const stock = nseStock.get(s.symbol)!;
    const lot = stockLot(s.symbol, stock.referencePrice);
    addFuturesAndSpreads(s.symbol, 'NFO', 'FUTSTK', 'FUTSTKSPR', stockMonths.slice(0, 3), {
      symbol: s.symbol,
      name: `${s.name} FUTURES`,
      tickSize: stock.tickSize,
      referencePrice: stock.referencePrice,
      lot,
      freezeQuantity: lot * 20,
      underlying: stock.id,
      sector: s.sector,
    });
    addOptions(
      {
        root: s.symbol,
        exc: 'NFO',
        symbol: s.symbol,
        name: `${s.name} OPTIONS`,
        lot,
        freezeQuantity: lot * 20,
        underlying: stock.id,
        expiryDay: stockMonths[0]!,
        sector: s.sector,
        bandPercent: 0,
      },
      'OPTSTK',
      monthlyCode(stockMonths[0]!),
      stock.referencePrice,
      stockStrikeStep(stock.referencePrice),
      stockStrikes,
      OPTION_TICK,
      2,
    );
  }

  // ---- currency (CDS): spot reference, three monthly futures, near-month options, near-next spread
  const currencyMonths = currencyExpiries(today, 3, calendar);
  for (const c of CURRENCIES) {
    const price = decimalToUnits(c.price, 4);
    const spot = add({
      instr: 'UNDCUR',
      exc: 'CDS',
      trSymbol: c.symbol,
      symbol: c.symbol,
      displaySym: c.symbol,
      name: c.name,
      assetClass: 'CURRENCY',
      tickSize: CURRENCY_TICK,
      referencePrice: roundToTick(price, CURRENCY_TICK),
      priceDecimals: 4,
      multiplier: c.multiplier,
      tradable: false,
    });
    addFuturesAndSpreads(c.symbol, 'CDS', 'FUTCUR', 'FUTCURSPR', currencyMonths, {
      symbol: c.symbol,
      name: `${c.name} FUTURES`,
      tickSize: CURRENCY_TICK,
      referencePrice: spot.referencePrice,
      priceDecimals: 4,
      multiplier: c.multiplier,
      freezeQuantity: 10_000,
      bandPercent: 3,
      underlying: spot.id,
    });
    addOptions(
      {
        root: c.symbol,
        exc: 'CDS',
        symbol: c.symbol,
        name: `${c.name} OPTIONS`,
        multiplier: c.multiplier,
        freezeQuantity: 10_000,
        underlying: spot.id,
        expiryDay: currencyMonths[0]!,
        bandPercent: 0,
      },
      'OPTCUR',
      monthlyCode(currencyMonths[0]!),
      spot.referencePrice,
      decimalToUnits(c.strikeStep, 4),
      5,
      CURRENCY_TICK,
      4,
    );
  }

  // ---- commodities (MCX, NCDEX): spot reference, three futures, options on the nearest future where listed
  for (const c of COMMODITIES) addCommodity(c);

  function addCommodity(c: CommoditySpec): void {
    const tick = decimalToUnits(c.tick, 2);
    const price = roundToTick(decimalToUnits(c.price, 2), tick);
    const spot = add({
      instr: 'COM',
      exc: c.exchange,
      trSymbol: c.symbol,
      symbol: c.symbol,
      displaySym: c.symbol,
      name: c.name,
      assetClass: 'COMMODITY',
      tickSize: tick,
      referencePrice: price,
      multiplier: c.multiplier,
      sector: c.sector,
      tradable: false,
    });
    const expiries = commodityExpiries(today, 3, calendar, c.expiryDate, c.months);
    const futures = addFuturesAndSpreads(c.symbol, c.exchange, 'FUTCOM', null, expiries, {
      symbol: c.symbol,
      name: `${c.name} (${c.unit})`,
      tickSize: tick,
      referencePrice: price,
      multiplier: c.multiplier,
      freezeQuantity: 1_000,
      bandPercent: 4,
      underlying: spot.id,
      sector: c.sector,
    });
    // MCX options are on a future and expire a little earlier (two trading days is assumed); from their expiry to the
    // future's, the options listed are those on the next future.
    const optioned = futures
      .map((future) => ({ future, expiryDay: calendar.previous(calendar.previous(future.expiryDay!)) }))
      .find((f) => f.expiryDay >= today);
    if (c.options && optioned) {
      addOptions(
        {
          root: c.symbol,
          exc: c.exchange,
          symbol: c.symbol,
          name: `${c.name} OPTIONS`,
          multiplier: c.multiplier,
          freezeQuantity: 1_000,
          underlying: optioned.future.id,
          expiryDay: optioned.expiryDay,
          sector: c.sector,
          bandPercent: 0,
        },
        'OPTFUT',
        monthlyCode(optioned.future.expiryDay!),
        price,
        decimalToUnits(c.options.strikeStep, 2),
        5,
        tick,
        2,
      );
    }
  }

  return out;
}
