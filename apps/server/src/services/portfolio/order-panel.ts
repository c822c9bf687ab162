import type { Instrument, Market } from '@kite/exchange';
import type { ProductType } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';
import { priceText } from '../market-runtime/price-text.ts';
import { readFunds } from '../rms/funds.ts';
import { loadPositions, valuePositions } from './positions.ts';

/** The order dialog's HOLDING/POSITIONS panel (trading.md 2.2, 3 "Holdings/positions response for a symbol"). */

/** The client's open positions in this instrument, one per product (ALL view: carried quantity included). */
export async function symbolPositions(q: Queryable, market: Market, clientId: number, instrument: Instrument) {
  const records = (await loadPositions(q, clientId, null)).filter((r) => r.instrumentId === instrument.id);
  return valuePositions(market, records, 'all').map((p) => ({
    prdType: p.record.product as ProductType,
    qty: p.values.netQty,
    avgPrice: priceText(p.values.avgPrice, instrument.priceDecimals),
  }));
}

/**
 * Margin part: total = the RMS's available margin; cash = what of it a delivery buy may use, stock = the rest (the
 * collateral not yet used by intraday and F&O margin, which draws on it first). MCX reads totalMarginAvail and
 * ledgerBalance, the others totMarginAvail, cash and stock (all are sent).
 */
export async function orderPanelMargin(q: Queryable, clientId: number) {
  const funds = await readFunds(q, clientId);
  const rupees = (paise: number): string => priceText(paise, 2);
  return {
    totMarginAvail: rupees(funds.available),
    cash: rupees(funds.cash),
    stock: rupees(funds.available - funds.cash),
    totalMarginAvail: rupees(funds.available),
    ledgerBalance: rupees(funds.ledger),
  };
}
