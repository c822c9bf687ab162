import { finePerPaisa, formatScaled, mulDivRound, type ViewerDetail, type ViewerSummary } from '@kite/domain';
import type { Market } from '@kite/exchange';
import type { Queryable } from '../../db/pool.ts';
import { loadPositions, valuePositions } from '../../services/portfolio/positions.ts';

const rupees = (paise: number): string => formatScaled(paise, 2);

/**
 * The standalone viewer's tables (investing.md 3 "Standalone viewer response"): every position of the client in the
 * ALL view (carried quantity included), with booked and notional P&L by the net-positions maths, and the absolute
 * notional value of a short (ANOV) at the last price. One summary row per client: here the signed-in one.
 */
export async function viewerTables(
  q: Queryable,
  market: Market,
  clientId: number,
  userId: string,
): Promise<{ summary: ViewerSummary[]; details: ViewerDetail[] }> {
  const valued = valuePositions(market, await loadPositions(q, clientId, null), 'all');
  let booked = 0;
  let notional = 0;
  let anovTotal = 0;
  const details = valued.map(({ record, instrument, ltp, values }): ViewerDetail => {
    const d = instrument.priceDecimals;
    const price = (units: number) => formatScaled(units, d);
    const anov = values.netQty < 0 ? mulDivRound(-values.netQty * ltp, instrument.multiplier, finePerPaisa(d)) : 0;
    booked += values.realisedPaise;
    notional += values.unrealisedPaise;
    anovTotal += anov;
    return {
      userId,
      contraDesc: instrument.displaySym,
      mktPrice: price(ltp),
      prevPos: values.prevPos,
      prevAvgPrice: price(values.prevAvgPrice),
      buyQty: values.buyQty,
      buyAvgPrice: price(values.buyAvgPrice),
      sellQty: values.sellQty,
      sellAvgPrice: price(values.sellAvgPrice),
      netQty: values.netQty,
      netAvgPrice: price(values.avgPrice),
      Anov: rupees(anov),
      bookedPnl: rupees(values.realisedPaise),
      unRealPnl: rupees(values.unrealisedPaise),
      prdType: record.product,
    };
  });
  return {
    summary: [
      { clientId: userId, bookedPnl: rupees(booked), unRealPnl: rupees(notional), mtm: rupees(booked + notional), anov: rupees(anovTotal) },
    ],
    details,
  };
}
