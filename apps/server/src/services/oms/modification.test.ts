import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolObject } from '@kite/domain';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import {
  fundsOf,
  orderPayload,
  orderRow,
  priceOffLast,
  rupees,
  symOf,
} from '../../modules/trade/order-test-support.ts';
import { nearestContract } from '../../test/contracts.ts';
import type { TestApp } from '../../test/harness.ts';
import type { OrderAnswer } from './oms-core.ts';

describe('ModifyOrder: side, product and symbol are locked', () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  /** The order row (with its log and block), the client's funds and the order as it rests on the exchange. */
  async function stateOf(orderNo: string, sym: SymbolObject) {
    const row = await orderRow(t, orderNo);
    const resting = t.app.marketRuntime.market.book(sym.id)!.order(Number(row.exchange_order_id));
    return {
      row,
      funds: await fundsOf(t, 'DEMO1'),
      resting: resting ? { price: resting.price, quantity: resting.quantity } : null,
    };
  }

  it('a regular order: another side, product or symbol is refused with ORD014 and nothing changes; price and quantity change', async () => {
    const sym = symOf(t, 'NSE', 'INFY-EQ');
    const low = priceOffLast(t, sym, 95);
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddOrder',
      orderPayload(sym, { qty: '3', prdType: 'INTRADAY', limitPrice: rupees(low) }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const orderId = placed.data.orderId;
    const before = await stateOf(orderId, sym);
    expect(before.row.status).toBe('OUTSTANDING');
    expect(before.resting).toEqual({ price: low, quantity: 3 });

    const lower = priceOffLast(t, sym, 94);
    const modify = (fields: Record<string, unknown>, on: SymbolObject = sym) =>
      t.call(
        '/Trade/ModifyOrder',
        orderPayload(on, { orderId, qty: '4', prdType: 'INTRADAY', limitPrice: rupees(lower), ...fields }),
        { cookie: demo1 },
      );
    const tcs = symOf(t, 'NSE', 'TCS-EQ');
    for (const [what, answer] of [
      ['side', await modify({ ordAction: 'sell' })],
      ['product', await modify({ prdType: 'CASH' })],
      ['product', await modify({ prdType: 'MARGIN' })],
      ['symbol', await modify({ limitPrice: rupees(priceOffLast(t, tcs, 95)) }, tcs)],
    ] as const) {
      expect(answer.infoID, what).toBe('ORD014');
      expect(answer.infoMsg).toBe('The side, product and symbol of an order cannot be modified.');
      expect(await stateOf(orderId, sym), what).toEqual(before);
    }

    const changed = await modify({});
    expect(changed.infoID, changed.infoMsg).toBe('0');
    const after = await stateOf(orderId, sym);
    expect(after.resting).toEqual({ price: lower, quantity: 4 });
    expect([after.row.side, after.row.product, Number(after.row.quantity), Number(after.row.limit_price)]).toEqual([
      'BUY',
      'INTRADAY',
      4,
      lower,
    ]);
    expect(Number(after.row.blocked_margin_paise)).toBeGreaterThan(Number(before.row.blocked_margin_paise));
    expect((await t.call('/Trade/CancelOrder', { sym, orderId }, { cookie: demo1 })).infoID).toBe('0');
  });

  it('a spread placed as CARRY FORWARD: a modify as SP or of the other leg side is refused; its own product changes the difference', async () => {
    const spread = nearestContract(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDXSPR');
    const sym = symOf(t, 'NFO', spread.trSymbol);
    const body = (fields: Record<string, unknown>) => ({
      sym,
      qty: String(spread.lot),
      priceDiff: '-12.50',
      ordType: 'limit',
      prdType: 'CARRY FORWARD',
      ordAction: 'B',
      ordAction2: 'S',
      ...fields,
    });
    const placed = await t.call<OrderAnswer>('/Trade/AddSpreadOrder', body({}), { cookie: demo1 });
    expect(placed.infoID, placed.infoMsg).toBe('0');
    const orderId = placed.data.orderId;
    const before = await stateOf(orderId, sym);
    expect(before.resting?.price).toBe(-1250);

    const modify = (fields: Record<string, unknown>) =>
      t.call(
        '/Trade/AddSpreadOrder',
        body({ orderId, ordDuration: 'DAY', tradedQty: '0', nestRequestId: orderId, priceDiff: '-13.00', ...fields }),
        { cookie: demo1 },
      );
    for (const fields of [{ prdType: 'SP' }, { prdType: 'INTRADAY' }, { ordAction: 'S', ordAction2: 'B' }]) {
      const refused = await modify(fields);
      expect(refused.infoID, JSON.stringify(fields)).toBe('ORD014');
      expect(await stateOf(orderId, sym)).toEqual(before);
    }

    const changed = await modify({});
    expect(changed.infoID, changed.infoMsg).toBe('0');
    expect((await stateOf(orderId, sym)).resting).toEqual({ price: -1300, quantity: before.resting!.quantity });
    expect((await t.call('/Trade/CancelOrder', { sym, orderId }, { cookie: demo1 })).infoID).toBe('0');
  });
});
