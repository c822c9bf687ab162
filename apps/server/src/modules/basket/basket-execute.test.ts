import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istIsoDate, type PlaceOrderPayload, tradingText } from '@kite/domain';
import { createSeededApp } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import type { PlaceOrder } from './basket-order-placer.ts';
import { basketService } from './basket.service.ts';

/** ExecuteBasket's contract with the order path (the PlaceOrder interface), on real PostgreSQL. */
describe('basket execution through the order path', () => {
  let t: TestApp;
  let clientId: number;
  const placed: PlaceOrderPayload[] = [];
  let now = Date.UTC(2026, 10, 20, 5, 0); // 10:30 IST

  /** Stands for the OMS: refuses INFY, accepts the rest and writes the order row AddOrder would. */
  const placeOrder: PlaceOrder = async (client, payload) => {
    placed.push(payload);
    if (payload.sym.trSymbol === 'INFY-EQ') return { ok: false, message: 'Insufficient funds' };
    const { rows } = await t.db.query<{ order_no: string }>(
      `INSERT INTO orders (id, order_no, client_id, instrument_id, exchange, trading_symbol, display_symbol, segment,
         price_decimals, side, product, order_type, validity, quantity, limit_price, status)
       SELECT n.id, order_no_of('261120', n.id), $1, $2, $3, $4, $4, 'equity', 2, $5, $6, 'LIMIT', $7, $8, 0,
              'OUTSTANDING'
         FROM (SELECT nextval('orders_id_seq') AS id) n
       RETURNING order_no`,
      [
        client,
        payload.sym.id,
        payload.sym.exc,
        payload.sym.trSymbol,
        payload.ordAction.toUpperCase(),
        payload.prdType,
        payload.ordDuration,
        Number(payload.qty),
      ],
    );
    return { ok: true, orderId: rows[0]!.order_no, message: tradingText.orderEntry.placedHeadline };
  };

  const service = () =>
    basketService({
      db: t.db,
      now: () => now,
      findInstrument: (id) => t.app.marketRuntime.market.registry.byId(id),
      placeOrder,
    });
  const sym = (trSymbol: string) => symbolObjectOf(t.app.marketRuntime.market.registry.bySymbol('NSE', trSymbol)!);
  const item = (id: string, trSymbol: string, overrides: Partial<Record<string, string>> = {}) => ({
    id,
    sym: sym(trSymbol),
    qty: '5',
    limitPrice: '0',
    ordType: 'market' as const,
    prdType: 'INTRADAY' as const,
    ordAction: 'sell' as const,
    ordDuration: 'DAY' as const,
    triggerPrice: '0',
    disQty: '0',
    isinDp: 'false' as const,
    ...overrides,
  });

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM clients WHERE user_id = 'DEMO1'");
    clientId = rows[0]!.id;
  });
  afterAll(() => t.close());

  it('places each line in order with the AddOrder payload; a refused line does not stop the rest', async () => {
    const s = service();
    const created = await s.create(clientId, 'Three');
    if (!created.ok) throw new Error(created.message);
    const id = created.data.id;
    for (const symbol of ['SBIN-EQ', 'INFY-EQ', 'RELIANCE-EQ']) {
      const added = await s.addLine(clientId, item(id, symbol));
      expect(added.ok).toBe(true);
    }
    const result = await s.execute(clientId, id, { appId: 'app-1' });
    if (!result.ok) throw new Error(result.message);
    expect(result.message).toBe(tradingText.basket.executed);
    expect(placed.map((p) => p.sym.trSymbol)).toEqual(['SBIN-EQ', 'INFY-EQ', 'RELIANCE-EQ']);
    expect(placed[0]).toMatchObject({
      ordAction: 'sell',
      ordType: 'market',
      qty: '5',
      limitPrice: '0',
      prdType: 'INTRADAY',
      ordDuration: 'DAY',
      isinDp: 'false',
      isAmo: false,
      isSquareoff: false,
      vtdDate: '',
    });
    expect(result.data.data.map((l) => [l.DISP_SYM, l.ORDER_STATUS, l.ORDER_RESPONSE, l.ORDER_ID])).toEqual([
      ['SBIN', 'OUTSTANDING', tradingText.orderEntry.placedHeadline, expect.stringMatching(/^261120\d{8}$/)],
      ['INFY', 'REJECTED', 'Insufficient funds', ''],
      ['RELIANCE', 'OUTSTANDING', tradingText.orderEntry.placedHeadline, expect.stringMatching(/^261120\d{8}$/)],
    ]);

    // The log reads each order's status as it is now.
    const sbin = result.data.data[0]!.ORDER_ID;
    await t.db.query("UPDATE orders SET status = 'EXECUTED' WHERE order_no = $1", [sbin]);
    const log = await s.log(clientId, id);
    if (!log.ok) throw new Error(log.message);
    expect(log.data.data.map((l) => l.ORDER_STATUS)).toEqual(['EXECUTED', 'REJECTED', 'OUTSTANDING']);

    // Editing the basket later does not rewrite the log of what was placed.
    const first = log.data.data[0]!.BASKET_SYMBOL_ID;
    expect((await s.removeLines(clientId, [first])).ok).toBe(true);
    const again = await s.log(clientId, id);
    expect(again.ok && again.data.data.map((l) => l.DISP_SYM)).toEqual(['SBIN', 'INFY', 'RELIANCE']);
  });

  it("lists only today's (IST) executions in the log", async () => {
    const s = service();
    const listed = await s.list(clientId, 'Y');
    expect(listed.ok && listed.data.data.map((b) => b.name)).toEqual(['Three']);
    expect(istIsoDate(now)).toBe('2026-11-20');
    now += 24 * 3_600_000;
    const tomorrow = await s.list(clientId, 'Y');
    expect(tomorrow.ok && tomorrow.data.data).toEqual([]);
    const all = await s.list(clientId, 'N');
    const id = all.ok ? all.data.data[0]!.id : '';
    const log = await s.log(clientId, id);
    expect(log.ok && log.data.data).toEqual([]);
  });

  it('answers each execution with its own lines when a second execution of the basket starts meanwhile', async () => {
    const s = service();
    const created = await s.create(clientId, 'Twice');
    if (!created.ok) throw new Error(created.message);
    const id = created.data.id;
    for (const symbol of ['SBIN-EQ', 'RELIANCE-EQ'])
      expect((await s.addLine(clientId, item(id, symbol))).ok).toBe(true);

    // The first execution's first placement lets a second execution (a second tab, a retried request) run in full.
    const orderIds: string[][] = [[], []];
    let second: Awaited<ReturnType<typeof s.execute>> | undefined;
    const interleaved = basketService({
      db: t.db,
      now: () => now,
      findInstrument: (i) => t.app.marketRuntime.market.registry.byId(i),
      placeOrder: async (client, payload, ctx) => {
        const turn = ctx.appId === 'first' ? 0 : 1;
        if (turn === 0 && second === undefined) second = await interleaved.execute(clientId, id, { appId: 'second' });
        const outcome = await placeOrder(client, payload, ctx);
        if (outcome.ok) orderIds[turn]!.push(outcome.orderId);
        return outcome;
      },
    });
    const first = await interleaved.execute(clientId, id, { appId: 'first' });
    if (!first.ok || !second?.ok) throw new Error('an execution failed');
    expect(second.data.data.map((l) => l.ORDER_ID)).toEqual(orderIds[1]);
    expect(first.data.data.map((l) => [l.DISP_SYM, l.ORDER_ID])).toEqual([
      ['SBIN', orderIds[0]![0]],
      ['RELIANCE', orderIds[0]![1]],
    ]);
  });

  it('takes the IST day at midnight IST, not UTC', () => {
    expect(istIsoDate(Date.UTC(2026, 10, 20, 18, 29))).toBe('2026-11-20');
    expect(istIsoDate(Date.UTC(2026, 10, 20, 18, 30))).toBe('2026-11-21');
  });
});
