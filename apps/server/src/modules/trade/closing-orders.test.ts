import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseRupees, percentOfPrice, type SymbolObject } from '@kite/domain';
import { Side } from '@kite/exchange';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { agentOrder, fundsOf, orderPayload, orderRow, quoteOf, rupees, symOf } from './order-test-support.ts';
import type { OrderAnswer } from '../../services/oms/oms-core.ts';

/**
 * Orders that reduce an open position need no margin for the part they close (order-margin.ts); the client's earlier
 * open orders on the same side close first, so the part left to close is what a new order may count (placement.ts),
 * and a fill that reduces the position raises the blocks of the open orders left closing less (fills.ts).
 */
describe('margin of orders that close a position, beside the open orders that close it first', () => {
  let t: TestApp;
  let demo1: string;
  let sym: SymbolObject;
  let tick: number;
  let aboveUnits: number;
  let above: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    sym = symOf(t, 'NSE', 'INFY-EQ');
    const quote = quoteOf(t, sym);
    // A sell 2% over the last price rests in the book, inside the price band.
    tick = t.app.marketRuntime.market.registry.byId(sym.id)!.tickSize;
    aboveUnits = percentOfPrice(quote.lastPrice, 102, tick, 'up');
    above = rupees(aboveUnits);
    const buy = await place({ ordAction: 'buy', ordType: 'market', qty: '10' });
    expect((await orderRow(t, buy)).status).toBe('EXECUTED');
  });
  afterAll(() => t.close());

  async function place(fields: Record<string, unknown>): Promise<string> {
    const placed = await t.call<OrderAnswer>('/Trade/AddOrder', orderPayload(sym, { prdType: 'INTRADAY', ...fields }), {
      cookie: demo1,
    });
    expect(placed.infoID, placed.infoMsg).toBe('0');
    return placed.data.orderId;
  }

  /** A resting sell's block in paise, once its acceptance is written. */
  async function blockOf(orderNo: string): Promise<number> {
    const row = await orderRow(t, orderNo);
    expect(row.status).toBe('OUTSTANDING');
    return Number(row.blocked_margin_paise);
  }

  /** What CheckMargin asks for a limit order of `qty` at `price` opened from flat (a sell unless told), in paise. */
  async function openingMargin(qty: number, price = above, ordAction: 'buy' | 'sell' = 'sell'): Promise<number> {
    const check = await t.call<{ requiredMargin: string }>(
      '/Trade/CheckMargin',
      { sym, ordType: 'limit', qty: String(qty), ordAction, limitPrice: price, prdType: 'INTRADAY' },
      { cookie: demo1 },
    );
    expect(check.infoID, check.infoMsg).toBe('0');
    return parseRupees(check.data.requiredMargin)!;
  }

  async function cancelAll(orderNos: string[]): Promise<void> {
    for (const orderId of orderNos) {
      const cancelled = await t.call('/Trade/CancelOrder', { sym, orderId }, { cookie: demo1 });
      expect(cancelled.infoID, cancelled.infoMsg).toBe('0');
    }
  }

  it('a second sell of the whole long is margined as opening; the first, modified, still closes', async () => {
    const first = await place({ ordAction: 'sell', qty: '10', limitPrice: above });
    const second = await place({ ordAction: 'sell', qty: '10', limitPrice: above });
    const opening10 = await openingMargin(10);
    expect(opening10).toBeGreaterThan(0);
    expect(await blockOf(first)).toBe(0);
    expect(await blockOf(second)).toBe(opening10);
    const before = await fundsOf(t, 'DEMO1');

    // Modifying the first counts only the orders placed before it: it keeps closing, the second keeps its block.
    const higher = rupees(aboveUnits + tick);
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    const modified = await t.call(
      '/Trade/ModifyOrder',
      orderPayload(sym, { orderId: first, ordAction: 'sell', prdType: 'INTRADAY', qty: '10', limitPrice: higher }),
      { cookie: demo1 },
    );
    const configs = statements.mock.calls.map(([config]) => config as { name?: string; text?: string });
    statements.mockRestore();
    expect(modified.infoID, modified.infoMsg).toBe('0');
    // Read on an ordinary connection, the statement is planned each time: a cached generic plan could scan `orders`.
    const closable = configs.filter((c) => typeof c === 'object' && c.text?.includes('placed_after'));
    expect(closable.map((c) => c.name)).toEqual([undefined]);
    expect(await blockOf(first)).toBe(0);
    expect((await fundsOf(t, 'DEMO1')).blocked).toBe(before.blocked);

    // The second, cut to 4, still finds the first's 10 ahead of it.
    const cut = await t.call(
      '/Trade/ModifyOrder',
      orderPayload(sym, { orderId: second, ordAction: 'sell', prdType: 'INTRADAY', qty: '4', limitPrice: above }),
      { cookie: demo1 },
    );
    expect(cut.infoID, cut.infoMsg).toBe('0');
    expect(await blockOf(second)).toBe(await openingMargin(4));
    await cancelAll([first, second]);
  });

  it('a sell of 6 after an open sell of 6 closes 4 and is margined for the 2 it opens', async () => {
    const first = await place({ ordAction: 'sell', qty: '6', limitPrice: above });
    const second = await place({ ordAction: 'sell', qty: '6', limitPrice: above });
    expect(await blockOf(first)).toBe(0);
    expect(await blockOf(second)).toBe(await openingMargin(2));
    await cancelAll([first, second]);
  });

  it('two sells of the whole long placed at once: one closes, the other is margined as opening', async () => {
    const before = await fundsOf(t, 'DEMO1');
    const placed = await Promise.all([
      place({ ordAction: 'sell', qty: '10', limitPrice: above }),
      place({ ordAction: 'sell', qty: '10', limitPrice: above }),
    ]);
    const blocks = await Promise.all(placed.map(blockOf));
    expect(blocks.toSorted((a, b) => a - b)).toEqual([0, await openingMargin(10)]);
    expect((await fundsOf(t, 'DEMO1')).blocked).toBe(before.blocked + blocks[0]! + blocks[1]!);
    await cancelAll(placed);
    expect(await fundsOf(t, 'DEMO1')).toEqual(before);
  });

  it('a buy against the long opens and is margined in full, whatever sells are open', async () => {
    const sell = await place({ ordAction: 'sell', qty: '10', limitPrice: above });
    const below = rupees(percentOfPrice(quoteOf(t, sym).lastPrice, 98, tick, 'down'));
    const buy = await place({ ordAction: 'buy', qty: '10', limitPrice: below });
    expect(await blockOf(buy)).toBe(await openingMargin(10, below, 'buy'));
    expect(await blockOf(sell)).toBe(0);
    await cancelAll([sell, buy]);
  });

  it('a later sell filled first leaves the earlier one margined for the short it would now open', async () => {
    const market = t.app.marketRuntime.market;
    const instrument = market.registry.byId(sym.id)!;
    // The asks up to the second sell's price are taken first, so an agent's buy at that price meets the second sell.
    const freeze = instrument.freezeQuantity > 0 ? instrument.freezeQuantity - 1 : Number.MAX_SAFE_INTEGER;
    for (let ask = market.depth(sym.id)?.asks[0]; ask && ask.price <= aboveUnits; ask = market.depth(sym.id)?.asks[0])
      agentOrder(market, sym.id, Side.Buy, ask.price, Math.min(ask.quantity, freeze));
    const higher = rupees(aboveUnits + 2 * tick);
    const first = await place({ ordAction: 'sell', qty: '10', limitPrice: higher });
    const second = await place({ ordAction: 'sell', qty: '10', limitPrice: above });
    expect(await blockOf(first)).toBe(0);
    expect(await blockOf(second)).toBe(await openingMargin(10));
    const before = await fundsOf(t, 'DEMO1');

    agentOrder(market, sym.id, Side.Buy, aboveUnits, 10);
    expect((await orderRow(t, second)).status).toBe('EXECUTED');
    const { rows } = await t.db.query<{ net: string; margin: string }>(
      `SELECT carry_qty + buy_qty - sell_qty AS net, margin_paise AS margin FROM positions
        WHERE client_id = $1 AND instrument_id = $2 AND product = 'INTRADAY'`,
      [await clientIdOf(t.db, 'DEMO1'), sym.id],
    );
    expect(rows.map((r) => [Number(r.net), Number(r.margin)])).toEqual([[0, 0]]);
    // The first now opens a short of 10 if it fills: it blocks that, as a sell of 10 placed from flat would.
    const raised = await blockOf(first);
    expect(raised).toBe(await openingMargin(10, higher));
    const after = await fundsOf(t, 'DEMO1');
    expect(after.blocked).toBe(before.blocked - (await openingMargin(10)) + raised);
    await cancelAll([first]);
    expect((await fundsOf(t, 'DEMO1')).blocked).toBe(after.blocked - raised);
  });
});
