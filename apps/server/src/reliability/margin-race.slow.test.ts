import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Xoshiro128 } from '@kite/exchange';
import { signIn } from '../modules/account/account-test-support.ts';
import { fundsOf } from '../modules/trade/order-test-support.ts';
import type { CallAnswer } from '../test/harness.ts';
import { createBatteryApp, type BatteryApp } from './battery-app.ts';

const ROUNDS = 60;
const SYMBOL = 'HDFCBANK-EQ';

/**
 * The margin race at length (issue 5, item 3; the exact single race is margin-race.test.ts): rounds of placements worth
 * 3.5 times the available funds, raced against quantity increases and cancels of the orders already resting, from three
 * sessions of one client. After every round the funds never go below zero and the block is exactly the sum of the
 * outstanding orders' blocks.
 */
describe('margin race, many rounds with modifies and cancels (long)', () => {
  let b: BatteryApp;
  beforeAll(async () => {
    b = await createBatteryApp({ ORDER_RATE_MAX_PER_CLIENT: '1000000' });
  });
  afterAll(() => b.t.close());

  const outstanding = async () =>
    (
      await b.t.db.query<{ order_no: string; quantity: string; blocked: string }>(
        `SELECT o.order_no, o.quantity, o.blocked_margin_paise AS blocked FROM orders o JOIN clients c ON c.id = o.client_id
          WHERE c.user_id = 'DEMO2' AND o.status = 'OUTSTANDING'`,
      )
    ).rows;

  it(`${ROUNDS} rounds: funds never below zero, the block always the sum of the outstanding orders`, async ({
    annotate,
  }) => {
    const random = new Xoshiro128(5);
    const sessions = [b.cookies.DEMO2, await signIn(b.t, 'DEMO2'), await signIn(b.t, 'DEMO2')];
    const sym = b.sym('NSE', SYMBOL);
    const price = b.restingBuyUnits(sym);
    const pick = <T>(list: readonly T[]): T => list[random.int(0, list.length - 1)]!;
    const done = { place: 0, modify: 0, cancel: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      const before = await fundsOf(b.t, 'DEMO2');
      const available = before.available;
      const placements = random.int(20, 50);
      const qty = Math.max(Math.ceil((available * 3.5) / placements / price), 1);
      const resting = await outstanding();
      const calls: { kind: 'place' | 'modify' | 'cancel'; run: () => Promise<CallAnswer<unknown>> }[] = [];
      for (let i = 0; i < placements; i++) {
        calls.push({
          kind: 'place',
          run: () =>
            b.t.call('/Trade/AddOrder', b.restingOrder(SYMBOL, { qty: String(qty) }), { cookie: pick(sessions) }),
        });
      }
      for (let i = 0; i < Math.min(resting.length, 10); i++) {
        const order = pick(resting);
        const kind = random.next() < 0.5 ? 'modify' : 'cancel';
        calls.push({
          kind,
          run: () =>
            kind === 'modify'
              ? b.t.call(
                  '/Trade/ModifyOrder',
                  b.restingOrder(SYMBOL, { orderId: order.order_no, qty: String(Number(order.quantity) * 2) }),
                  {
                    cookie: pick(sessions),
                  },
                )
              : b.t.call('/Trade/CancelOrder', { sym, orderId: order.order_no }, { cookie: pick(sessions) }),
        });
      }
      for (let i = calls.length - 1; i > 0; i--) {
        const j = random.int(0, i);
        [calls[i], calls[j]] = [calls[j]!, calls[i]!];
      }
      const answers = await Promise.all(calls.map(async (c) => ({ kind: c.kind, answer: await c.run() })));
      await b.t.app.oms.settled();

      for (const { kind, answer } of answers) {
        expect(answer.status, `round ${round} ${kind}: ${answer.infoMsg}`).toBe(200);
        if (answer.infoID === '0') done[kind] += 1;
        if (kind === 'place' && answer.infoID !== '0') expect(answer.infoID, answer.infoMsg).toBe('ORD002');
      }
      const after = await fundsOf(b.t, 'DEMO2');
      expect(after.available, `round ${round}: funds below zero`).toBeGreaterThanOrEqual(0);
      const blocks = (await outstanding()).reduce((sum, o) => sum + Number(o.blocked), 0);
      // With the block equal to the outstanding orders, funds at or above zero means no accepted value beyond them.
      expect(after.blocked, `round ${round}: block and outstanding orders disagree`).toBe(blocks);
    }
    await annotate(`accepted: ${JSON.stringify(done)}`);
    // The race had every kind of winner, not only refusals.
    expect(done.place, JSON.stringify(done)).toBeGreaterThan(ROUNDS);
    expect(done.modify).toBeGreaterThan(0);
    expect(done.cancel).toBeGreaterThan(0);
  });
});
