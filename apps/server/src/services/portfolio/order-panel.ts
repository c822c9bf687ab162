import type { Instrument, Market } from '@kite/exchange';
import type { ProductType } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';
import { priceText } from '../market-runtime/price-text.ts';
import { availableMarginPaise, loadFunds } from './funds.ts';
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

/** Margin part: cash = ledger - blocked - used, stock = collateral, total = both (the RMS's available margin);
 * MCX reads totalMarginAvail and ledgerBalance, the others totMarginAvail, cash and stock (all are sent). */
export async function orderPanelMargin(q: Queryable, clientId: number) {
  const funds = await loadFunds(q, clientId);
  const rupees = (paise: number): string => priceText(paise, 2);
  const available = availableMarginPaise(funds);
  return {
    totMarginAvail: rupees(available),
    cash: rupees(available - funds.collateral),
    stock: rupees(funds.collateral),
    totalMarginAvail: rupees(available),
    ledgerBalance: rupees(funds.ledgerBalance),
  };
}
