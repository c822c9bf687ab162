import type { ProductType } from './order-enums.ts';

/**
 * Instrument codes, exchanges and the segment tables of trading.md 2.3, 3, 5.1 and 9. Everything that depends on
 * "what kind of instrument is this" is decided here once.
 */
export const TRADE_EXCHANGES = ['NSE', 'BSE', 'NFO', 'BFO', 'CDS', 'MCX', 'NCDEX'] as const;
export type TradeExchange = (typeof TRADE_EXCHANGES)[number];

export const INSTRUMENT_CODES = [
  'STK',
  'IDX',
  'COM',
  'UNDCUR',
  'OPTIDX',
  'OPTSTK',
  'FUTSTK',
  'FUTIDX',
  'FUTCOM',
  'OPTCOM',
  'OPTFUT',
  'FUTCUR',
  'OPTCUR',
  'FUTIDXSPR',
  'FUTSTKSPR',
  'FUTCURSPR',
] as const;
export type InstrumentCode = (typeof INSTRUMENT_CODES)[number];

export function isInstrumentCode(value: string): value is InstrumentCode {
  return (INSTRUMENT_CODES as readonly string[]).includes(value);
}

/** The My Orders / Net Positions tabs (trading.md 2.3, 2.5). */
export const TRADE_SEGMENTS = ['equity', 'fno', 'spread', 'currency', 'commodity'] as const;
export type TradeSegment = (typeof TRADE_SEGMENTS)[number];

/** Exchanges offered per My Orders tab (trading.md 2.3). */
export const SEGMENT_EXCHANGES: Record<TradeSegment, readonly TradeExchange[]> = {
  equity: ['NSE', 'BSE'],
  fno: ['NFO', 'BFO'],
  spread: ['NSE', 'BSE'],
  currency: ['NSE', 'BSE'],
  commodity: ['MCX', 'NCDEX'],
};

/**
 * The trading exchange an order of a tab carries for the tab's exchange switch: the currency and spread tabs switch
 * NSE/BSE (trading.md 2.3) while their orders trade on CDS and on NFO/BFO. BSE currency is not simulated.
 */
export function orderExchangeForSwitch(segment: TradeSegment, switchValue: string): string {
  if (segment === 'currency') return switchValue === 'NSE' ? 'CDS' : `${switchValue}-CDS`;
  if (segment === 'spread') return switchValue === 'NSE' ? 'NFO' : switchValue === 'BSE' ? 'BFO' : switchValue;
  return switchValue;
}

/** trading.md 3 "Instrument codes": spread types are those containing SPR. */
export function isSpread(instr: string): boolean {
  return instr.includes('SPR');
}
export function isOption(instr: string): boolean {
  return instr.startsWith('OPT');
}
export function isFuture(instr: string): boolean {
  return instr.startsWith('FUT') && !isSpread(instr);
}
/** Options on commodity futures (MCX): 25% minimum disclosed quantity (trading.md 9). */
export function isOptionOnFuture(instr: string): boolean {
  return instr === 'OPTFUT';
}
export function isCurrencyInstrument(instr: string): boolean {
  return instr.endsWith('CUR') || instr === 'FUTCURSPR';
}
export function isCommodityInstrument(instr: string, exchange?: string): boolean {
  return (
    instr === 'COM' ||
    instr === 'FUTCOM' ||
    instr === 'OPTCOM' ||
    instr === 'OPTFUT' ||
    exchange === 'MCX' ||
    exchange === 'NCDEX'
  );
}
/** Currency (CDS, currency spreads included) and commodity (MCX, NCDEX) instruments: investing.md's chart rules. */
export function isCurrencyOrCommodity(instr: string, exchange?: string): boolean {
  return isCurrencyInstrument(instr) || exchange === 'CDS' || isCommodityInstrument(instr, exchange);
}
export function isIndexInstrument(instr: string): boolean {
  return instr === 'IDX' || instr === 'OPTIDX' || instr === 'FUTIDX' || instr === 'FUTIDXSPR';
}
/** Spot, index and spot-currency rows are quotes only (trading.md 2.7). */
export function isTradableInstrument(instr: string): boolean {
  return instr !== 'IDX' && instr !== 'UNDCUR' && instr !== 'COM';
}

export function segmentOf(instr: string, exchange?: string): TradeSegment {
  if (isSpread(instr)) return 'spread';
  if (isCurrencyInstrument(instr) || exchange === 'CDS') return 'currency';
  if (isCommodityInstrument(instr, exchange)) return 'commodity';
  if (instr === 'STK' || instr === 'IDX') return 'equity';
  return 'fno';
}

/** Quantity is counted in lots for currency and commodity (trading.md 2.2, 9). */
export function quantityLabel(instr: string, exchange?: string): 'QTY' | 'LOT' {
  const segment = segmentOf(instr, exchange);
  return segment === 'currency' || segment === 'commodity' ? 'LOT' : 'QTY';
}

/** Price decimals: 2, or 4 for currency (trading.md 5.1 rule 5, 9). */
export function priceDecimalsOf(instr: string, exchange?: string): 2 | 4 {
  return isCurrencyInstrument(instr) || exchange === 'CDS' ? 4 : 2;
}

/** Minimum disclosed quantity in percent of the order quantity (trading.md 5.1 rule 6, 9). */
export function disclosedMinimumPercent(instr: string, exchange?: string): 10 | 25 {
  return isCommodityInstrument(instr, exchange) || isOptionOnFuture(instr) ? 25 : 10;
}

/**
 * Product tabs of the order dialog (trading.md 4.1: equity three, derivatives two, options one; spreads SP).
 * Cover and bracket orders travel as CO/BO (chosen through the advance type); SHORTSELL is the equity intraday sell
 * from NOT IN DP; L (normal) is not offered as a tab.
 */
export function productTabsFor(instr: string, exchange?: string): readonly ProductType[] {
  if (isSpread(instr)) return ['SP'];
  if (isOption(instr)) return ['CARRY FORWARD'];
  if (segmentOf(instr, exchange) === 'equity') return ['CASH', 'MARGIN', 'INTRADAY'];
  return ['CARRY FORWARD', 'INTRADAY'];
}

/**
 * Whether an order may carry this product on this instrument (trading.md 3, 4.1): the dialog's tabs plus CO/BO (the
 * advance types) and SHORTSELL for equity; spreads trade SP or a derivatives product. A product of another segment
 * (an equity CARRY FORWARD or SP, a futures CASH or MARGIN) or the unused L is refused: it would open a position
 * that no screen can square off or transfer.
 */
export function isProductAllowed(product: ProductType, instr: string, exchange?: string): boolean {
  if (isSpread(instr)) return product === 'SP' || product === 'CARRY FORWARD' || product === 'INTRADAY';
  if (product === 'CO' || product === 'BO') return true;
  if (segmentOf(instr, exchange) === 'equity')
    return product === 'CASH' || product === 'MARGIN' || product === 'INTRADAY' || product === 'SHORTSELL';
  return product === 'CARRY FORWARD' || product === 'INTRADAY';
}

/** Products whose positions are closed the same day (used by charges and margin). */
export function isIntradayProduct(product: ProductType): boolean {
  return product === 'INTRADAY' || product === 'CO' || product === 'BO' || product === 'SHORTSELL';
}
