import { mulDivRound } from '../money/decimal.ts';
import { divRoundHalfUp } from './rational.ts';

/**
 * Profit and loss of one security (investing.md 3 "Profit and loss", 9). Pure integer arithmetic: prices in the
 * instrument's price units (paise, or 1/10000 rupee for currency), values in "fine units" (qty x price units x
 * multiplier: paise for 2-decimal instruments, 1/10000 rupee for 4-decimal ones), money answered in paise and
 * percentages in hundredths of a percent, each rounded once, half away from zero.
 *
 * Average-price method: everything bought (a carried long or demat holding counts as bought at its price) makes one
 * buy average, everything sold one sell average; the closed quantity books (sell average - buy average), the open
 * quantity is valued at the last price against the open side's average. The footnotes' rates (investing.md 2:
 * 'Buy Rate includes Actual Rate + (Brokerage + GST/Service Tax + Transaction Charges)', sell rate minus them) are
 * the caller's: it adds the buys' charges to buyValue and takes the sells' charges off sellValue.
 */
export interface PnlInput {
  buyQty: number;
  /** Fine units, the buys' charges included. */
  buyValue: number;
  sellQty: number;
  /** Fine units, the sells' charges taken off. */
  sellValue: number;
  /** Last traded price and previous close, price units. */
  ltp: number;
  prevClose: number;
  /** Value of one quantity unit per price unit (1 shares and F&O, 1000 USDINR). */
  multiplier: number;
  priceDecimals: 2 | 4;
}

export interface PnlFigures {
  /** Open quantity: positive long, negative short, 0 when flat. */
  qty: number;
  /** Average price of the open side (the buy average when long or flat), price units. */
  avgBuyPrice: number;
  /** Paise. Signed like qty. */
  purchaseValue: number;
  currentValue: number;
  todayGainLoss: number;
  /** Hundredths of a percent. */
  todayGainLossPerc: number;
  /** Notional (unrealised) P&L, paise. */
  plValue: number;
  plPerc: number;
  /** Booked P&L of the closed quantity, paise. */
  realised: number;
}

/** Fine units per paisa: 1 for 2-decimal prices, 100 for 4-decimal ones. */
export function finePerPaisa(decimals: 2 | 4): number {
  return decimals === 4 ? 100 : 1;
}

/** Paise in fine units (to add a trade's charges to its value). */
export function paiseToFine(paise: number, decimals: 2 | 4): number {
  return paise * finePerPaisa(decimals);
}

/** a / b (b > 0) rounded half away from zero: the charges' integer division. */
const roundDiv = divRoundHalfUp;

/**
 * investing.md 9: percentage of a gain over the absolute value of its base, 2 decimals (hundredths); a zero base
 * gives 0.00.
 */
export function percentOf(gain: number, base: number): number {
  if (base === 0) return 0;
  return mulDivRound(gain, 10_000, Math.abs(base));
}

/** Today's gain/loss (paise) and its percentage: qty x (last - previous close) over |previous close x qty|. */
export function todayGain(qty: number, ltp: number, prevClose: number, multiplier: number, decimals: 2 | 4) {
  const per = BigInt(finePerPaisa(decimals));
  const gainFine = BigInt(qty) * BigInt(ltp - prevClose) * BigInt(multiplier);
  const baseFine = BigInt(qty) * BigInt(prevClose) * BigInt(multiplier);
  const gain = roundDiv(gainFine, per);
  const perc = baseFine === 0n ? 0 : roundDiv(gainFine * 10_000n, baseFine < 0n ? -baseFine : baseFine);
  return { todayGainLoss: gain, todayGainLossPerc: perc };
}

export function pnlFigures(p: PnlInput): PnlFigures {
  const per = BigInt(finePerPaisa(p.priceDecimals));
  const mult = BigInt(p.multiplier);
  const b = BigInt(p.buyQty);
  const s = BigInt(p.sellQty);
  const vb = BigInt(p.buyValue);
  const vs = BigInt(p.sellValue);
  const net = b - s;
  const closed = b < s ? b : s;
  // closed x (vs/s - vb/b) = closed x (vs*b - vb*s) / (s*b), one rounding, to paise.
  const realised = closed === 0n ? 0 : roundDiv(closed * (vs * b - vb * s), s * b * per);

  // The open side: its quantity and value (net x its average, exact as a fraction openValue / openQty).
  const long = net >= 0n;
  const sideQty = long ? b : s;
  const sideValue = long ? vb : vs;
  const avgBuyPrice = sideQty === 0n || mult === 0n ? 0 : roundDiv(sideValue, sideQty * mult);
  // purchase = net x sideValue / sideQty (fine units), in paise.
  const purchaseExactNum = net * sideValue;
  const purchaseExactDen = sideQty === 0n ? 1n : sideQty;
  const purchaseValue = sideQty === 0n ? 0 : roundDiv(purchaseExactNum, purchaseExactDen * per);
  // The open quantity at the last price: the same figures a live tick gives (liveFigures), so the row's
  // CURRENT MKT.VALUE less its PURCHASE VALUE is its NOTIONAL PROFIT/LOSS to the paisa, before and after a tick.
  const live = liveFigures(
    { qty: Number(net), purchaseValue, prevClose: p.prevClose, multiplier: p.multiplier, priceDecimals: p.priceDecimals },
    p.ltp,
  );
  return {
    qty: Number(net),
    avgBuyPrice,
    purchaseValue,
    currentValue: live.currentValue,
    todayGainLoss: live.todayGainLoss,
    todayGainLossPerc: live.todayGainLossPerc,
    plValue: live.plValue,
    plPerc: live.plPerc,
    realised,
  };
}

/**
 * A row's figures again at a live last price (investing.md 4 "Live ticks update a row's ltp, current value, today
 * gain/loss, percentages"): purchase value and realised P&L do not move with the price.
 */
export function liveFigures(
  row: { qty: number; purchaseValue: number; prevClose: number; multiplier: number; priceDecimals: 2 | 4 },
  ltp: number,
) {
  const per = finePerPaisa(row.priceDecimals);
  const currentValue = mulDivRound(row.qty * ltp, row.multiplier, per);
  const plValue = currentValue - row.purchaseValue;
  const today = todayGain(row.qty, ltp, row.prevClose, row.multiplier, row.priceDecimals);
  return {
    currentValue,
    plValue,
    plPerc: row.qty === 0 ? 0 : percentOf(plValue, row.purchaseValue),
    ...today,
  };
}

/** The sums of a list of rows (a TOTAL row, a sector, the header cards), paise. */
export interface PnlTotals {
  purchaseValue: number;
  currentValue: number;
  todayGainLoss: number;
  /** Previous-close value of the rows: the base of today's percentage. */
  prevValue: number;
  plValue: number;
  realised: number;
}

export function sumPnl(
  rows: readonly { purchaseValue: number; currentValue: number; todayGainLoss: number; plValue: number; realised: number }[],
): PnlTotals {
  const t: PnlTotals = { purchaseValue: 0, currentValue: 0, todayGainLoss: 0, prevValue: 0, plValue: 0, realised: 0 };
  for (const r of rows) {
    t.purchaseValue += r.purchaseValue;
    t.currentValue += r.currentValue;
    t.todayGainLoss += r.todayGainLoss;
    t.prevValue += r.currentValue - r.todayGainLoss;
    t.plValue += r.plValue;
    t.realised += r.realised;
  }
  return t;
}

/** Percentages of totals: today's over the previous value, overall (notional) over the purchase value. */
export function totalPercents(t: PnlTotals): { todayPerc: number; plPerc: number } {
  return { todayPerc: percentOf(t.todayGainLoss, t.prevValue), plPerc: percentOf(t.plValue, t.purchaseValue) };
}
