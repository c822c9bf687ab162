import { mulDivRound, parsePrice, parseRupees, type PositionRow, type PriceDecimals } from '@kite/domain';
import { priceDecimalsOf } from '../market-data/price-format.ts';

/** A position's figures as integers: prices in the instrument's units, amounts in paise (never floats). */
export interface PositionFigures {
  decimals: PriceDecimals;
  ltp: number | null;
  avgPrice: number | null;
  netPnl: number | null;
  realisedPnl: number | null;
  unrealisedPnl: number | null;
}

/** Price units of one rupee amount's paisa: 1 for 2-decimal prices, 100 for 4-decimal (currency) prices. */
function unitsPerPaisa(decimals: PriceDecimals): number {
  return decimals === 4 ? 100 : 1;
}

/**
 * The row's figures at a live last price (trading.md 4.4 "Live prices update the LTP of rows"): unrealised P&L moves
 * from the server's own figure by (live - server LTP) x net qty x the row's multiplier, net P&L adds the realised part. Moving
 * from the server's figure (not recomputing from the average, which is rounded to the tick) keeps the live figures
 * equal to the server's to the paisa when the average is not a whole number of ticks.
 */
export function positionFigures(row: PositionRow, liveLtp: string | undefined): PositionFigures {
  const decimals = priceDecimalsOf(row.sym.exc);
  const serverLtp = parsePrice(row.ltp, decimals);
  const avgPrice = parsePrice(row.avgPrice, decimals);
  const realisedPnl = parseRupees(row.bookedPnl);
  const serverUnreal = parseRupees(row.unRealPnl);
  const serverNet = parseRupees(row.netPnL);
  const live = liveLtp === undefined ? null : parsePrice(liveLtp, decimals);
  const ltp = live ?? serverLtp;
  if (live === null || serverLtp === null || serverUnreal === null || realisedPnl === null) {
    return { decimals, ltp, avgPrice, netPnl: serverNet, realisedPnl, unrealisedPnl: serverUnreal };
  }
  const unrealisedPnl =
    serverUnreal + mulDivRound(live - serverLtp, row.netQty * row.multiplier, unitsPerPaisa(decimals));
  return { decimals, ltp, avgPrice, netPnl: realisedPnl + unrealisedPnl, realisedPnl, unrealisedPnl };
}
