/**
 * Net position arithmetic (trading.md 2.5, 3 "Position", 4.4). Pure integers: prices in the instrument's price units,
 * values as price units x quantity (exact), money rounded once to paise (half away from zero).
 *
 * Realised P&L is the average-price method on the closed quantity: min(buyQty, sellQty) x (sell average - buy
 * average); net P&L is sell value - buy value + net quantity x LTP; unrealised is net - realised, so the three always
 * agree to the paisa. In the ALL view the carried quantity counts as a buy (long) or a sell (short) at the carried
 * price, so P&L is measured from the carried price.
 */

export interface PositionFigures {
  buyQty: number;
  /** Sum of quantity x price units of today's buys. */
  buyValue: number;
  sellQty: number;
  sellValue: number;
  /** Signed quantity carried from previous days, and its price (price units). */
  carryQty: number;
  carryAvgPrice: number;
}

export interface InstrumentScale {
  /** Value of one quantity unit per price unit (1 shares/F&O, 1000 USDINR, 100 MCX GOLD). */
  multiplier: number;
  priceDecimals: 2 | 4;
}

export type PositionView = 'today' | 'all';

export interface PositionValues {
  netQty: number;
  /** Average of the open side (price units, rounded), 0 when flat. */
  avgPrice: number;
  buyQty: number;
  sellQty: number;
  buyAvgPrice: number;
  sellAvgPrice: number;
  realisedPaise: number;
  unrealisedPaise: number;
  netPnlPaise: number;
  /** Today's net quantity and the average of its open side. */
  currPos: number;
  currAvgPrice: number;
  /** Carried quantity and price. */
  prevPos: number;
  prevAvgPrice: number;
}

/** a / b rounded half away from zero (b > 0). */
export function divRound(a: bigint, b: bigint): number {
  if (b <= 0n) throw new RangeError('divisor must be positive');
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  const result = Number(negative ? -q : q);
  if (!Number.isSafeInteger(result)) throw new RangeError('result exceeds the safe integer range');
  return result;
}

/** Price units x quantity -> paise: x multiplier, / 10^(decimals - 2), over an optional extra divisor. */
function toPaise(unitsTimesQty: bigint, scale: InstrumentScale, divisor = 1n): number {
  const unitsPerPaisa = 10n ** BigInt(scale.priceDecimals - 2);
  return divRound(unitsTimesQty * BigInt(scale.multiplier), unitsPerPaisa * divisor);
}

/** value / qty rounded to whole price units (0 for no quantity). */
export function averagePrice(value: number, qty: number): number {
  return qty === 0 ? 0 : divRound(BigInt(value), BigInt(qty));
}

/** The open side's average: buys when long, sells when short. */
function openAverage(buyQty: number, buyValue: number, sellQty: number, sellValue: number): number {
  const net = buyQty - sellQty;
  if (net > 0) return averagePrice(buyValue, buyQty);
  if (net < 0) return averagePrice(sellValue, sellQty);
  return 0;
}

export function positionValues(
  f: PositionFigures,
  view: PositionView,
  ltp: number,
  scale: InstrumentScale,
): PositionValues {
  const carry = view === 'all' ? f.carryQty : 0;
  const carryLong = Math.max(carry, 0);
  const carryShort = Math.max(-carry, 0);
  const b = BigInt(f.buyQty + carryLong);
  const vb = BigInt(f.buyValue) + BigInt(carryLong) * BigInt(f.carryAvgPrice);
  const s = BigInt(f.sellQty + carryShort);
  const vs = BigInt(f.sellValue) + BigInt(carryShort) * BigInt(f.carryAvgPrice);
  const net = b - s;

  const netPnlPaise = toPaise(vs - vb + net * BigInt(ltp), scale);
  const closed = b < s ? b : s;
  // closed x (vs/s - vb/b) = closed x (vs*b - vb*s) / (s*b): one rounding.
  const realisedPaise = closed === 0n ? 0 : toPaise(closed * (vs * b - vb * s), scale, s * b);
  const buyAll = Number(b);
  const sellAll = Number(s);
  return {
    netQty: Number(net),
    avgPrice: openAverage(buyAll, Number(vb), sellAll, Number(vs)),
    buyQty: f.buyQty,
    sellQty: f.sellQty,
    buyAvgPrice: averagePrice(f.buyValue, f.buyQty),
    sellAvgPrice: averagePrice(f.sellValue, f.sellQty),
    realisedPaise,
    unrealisedPaise: netPnlPaise - realisedPaise,
    netPnlPaise,
    currPos: f.buyQty - f.sellQty,
    currAvgPrice: openAverage(f.buyQty, f.buyValue, f.sellQty, f.sellValue),
    prevPos: view === 'all' ? f.carryQty : 0,
    prevAvgPrice: view === 'all' ? f.carryAvgPrice : 0,
  };
}
