import { Side } from '@kite/exchange';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { agentOrder, clearBids, orderPayload, rupees, symOf } from '../../modules/trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { GroupCommit } from './group-commit.ts';
import type { OrderAnswer } from './oms-core.ts';

// A client's consecutive acceptances, fills and closes are written as one group, and each one's follow-up runs once
// the whole group is committed. A close joins such a group only when no fill is in it: a fill's follow-up (a cover or
// bracket entry's legs) must see the orders as they were when it filled, not closed by a later report.
describe("a client's report groups", () => {
  let t: TestApp;
  let demo1: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('puts a close that follows a fill in a group of its own, written after the fill and its follow-up', async () => {
    const clientId = await clientIdOf(t.db, 'DEMO1');
    const market = t.app.marketRuntime.market;
    const sym = symOf(t, 'NSE', 'TCS-EQ');
    const instrument = market.registry.byId(sym.id)!;
    // The book's bids taken away, so that the agent's sells below meet this client's buys first.
    clearBids(market, sym.id);
    const price = market.depth(sym.id)!.asks[0]!.price - instrument.tickSize;
    const buy = orderPayload(sym, { qty: '1', limitPrice: rupees(price) });
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await t.call<OrderAnswer>('/Trade/AddOrder', buy, { cookie: demo1 });
      expect(answer.infoID, answer.infoMsg).toBe('0');
      placed.push(answer.data.orderId);
    }
    await t.app.oms.settled();
    const { rows } = await t.db.query<{ exchange_order_id: string }>(
      'SELECT exchange_order_id FROM orders WHERE order_no = $1',
      [placed[2]],
    );
    const thirdAtExchange = Number(rows[0]!.exchange_order_id);

    const groups = vi.spyOn(GroupCommit.prototype, 'writeCombinedAll');
    const holder = await t.db.connect();
    try {
      // The client's funds row held: the first fill's group waits for it, and what comes next queues behind.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM client_funds WHERE client_id = $1 FOR UPDATE', [clientId]);
      agentOrder(market, sym.id, Side.Sell, price, 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      agentOrder(market, sym.id, Side.Sell, price, 1);
      expect(market.cancel(sym.id, thirdAtExchange).rejectReason).toBeNull();
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    await t.app.oms.settled();
    const kinds = groups.mock.calls.map(([, writes]) => writes.map((w) => w.with.kind));
    groups.mockRestore();

    expect(kinds).toEqual([['fill'], ['fill'], ['closed']]);
    const { rows: statuses } = await t.db.query<{ order_no: string; status: string }>(
      'SELECT order_no, status FROM orders WHERE order_no = ANY($1) ORDER BY order_no',
      [placed],
    );
    expect(statuses.map((r) => r.status)).toEqual(['EXECUTED', 'EXECUTED', 'CANCELLED']);
  });
});
