import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instrument } from '@kite/exchange';
import { createSeededApp, signIn } from '../../modules/account/account-test-support.ts';
import { clientIdOf } from '../../modules/portfolio/portfolio-test-support.ts';
import { fundsOf, orderRow, quoteOf, rupees, symOf } from '../../modules/trade/order-test-support.ts';
import { nearestContract } from '../../test/contracts.ts';
import type { TestApp } from '../../test/harness.ts';
import { lastPriceOf } from '../portfolio/instruments.ts';
import { orderMargin } from '../rms/order-margin.ts';
import { endOfDay } from './end-of-day.ts';
import type { OrderAnswer } from './oms-core.ts';

interface MarginAnswer {
  usedMargin: { total: string };
  availableMargin: string;
}

const paise = (text: string) => Math.round(Number(text) * 100);

/**
 * A calendar spread holds its margin on its near leg (fills.ts). When the near leg expires and is settled, the far leg
 * is an outright position and holds an outright position's margin, blocked on the client's funds (README "Expiry
 * settlement"); funds that do not cover it leave the account short of margin.
 */
describe('end of day: the far leg of a calendar spread whose near leg expired', () => {
  let t: TestApp;
  let spread: Instrument;
  let near: Instrument;
  let far: Instrument;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    const market = t.app.marketRuntime.market;
    spread = nearestContract(market, 'NFO', 'NIFTY', 'FUTIDXSPR');
    near = market.registry.byId(spread.underlying!)!;
    far = market.registry.byId(spread.farLeg!)!;
  });
  afterAll(() => t.close());

  /** A lot of the spread bought (near bought, far sold) in CARRY FORWARD by a client, filled at once. */
  const buySpread = async (userId: string) => {
    const cookie = await signIn(t, userId);
    const sym = symOf(t, 'NFO', spread.trSymbol);
    const placed = await t.call<OrderAnswer>(
      '/Trade/AddSpreadOrder',
      {
        sym,
        qty: String(spread.lot),
        priceDiff: rupees(quoteOf(t, sym).askPrice),
        ordType: 'limit',
        prdType: 'CARRY FORWARD',
        ordAction: 'B',
        ordAction2: 'S',
      },
      { cookie },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect((await orderRow(t, placed.data.orderId)).status).toBe('EXECUTED');
    return cookie;
  };

  const legOf = async (userId: string, instrument: Instrument) =>
    (
      await t.db.query<{ net: number; margin_paise: number }>(
        `SELECT (carry_qty + buy_qty - sell_qty)::int AS net, margin_paise::int AS margin_paise FROM positions
          WHERE client_id = $1 AND instrument_id = $2`,
        [await clientIdOf(t.db, userId), instrument.id],
      )
    ).rows;

  /** What the RMS requires of the far leg sold outright: its SPAN and exposure at its last price. */
  const outrightMarginOf = (quantity: number) => {
    const market = t.app.marketRuntime.market;
    return orderMargin(market, far, {
      side: 'sell',
      product: 'CARRY FORWARD',
      quantity,
      price: lastPriceOf(market, far),
      triggerPrice: 0,
    }).total;
  };
  const outrightMargin = () => outrightMarginOf(far.lot);

  const marginDetails = async (cookie: string) => {
    const answer = await t.call<MarginAnswer>('/Account/MarginDetails', {}, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };

  let demo1: string;
  let before: Awaited<ReturnType<typeof fundsOf>>;

  it('before the expiry the spread margin sits on the near leg, the far leg holds none', async () => {
    before = await fundsOf(t, 'DEMO1');
    demo1 = await buySpread('DEMO1');
    const spreadMargin = (await legOf('DEMO1', near))[0]!.margin_paise;
    expect(spreadMargin).toBeGreaterThan(0);
    expect(spreadMargin).toBeLessThan(outrightMargin());
    expect(await legOf('DEMO1', far)).toEqual([{ net: -far.lot, margin_paise: 0 }]);
  });

  describe('after the end of the near leg expiry day', () => {
    beforeAll(async () => {
      expect((await endOfDay(t.app, t.app.oms, near.expiry!)).expiriesSettled).toBe(1);
    });

    it('the near leg is settled and the far leg holds the outright margin, to the paisa', async () => {
      expect(await legOf('DEMO1', near)).toEqual([]);
      expect(await legOf('DEMO1', far)).toEqual([{ net: -far.lot, margin_paise: outrightMargin() }]);
    });

    it("the client's margin in use is the far leg's, and the Margins page reads the same", async () => {
      const after = await fundsOf(t, 'DEMO1');
      expect(after.used).toBe(before.used + outrightMargin());
      const page = await marginDetails(demo1);
      expect(paise(page.usedMargin.total)).toBe(after.used + after.blocked);
      expect(paise(page.availableMargin)).toBe(after.available);
    });

    it('a second run of the same end of day changes nothing', async () => {
      const used = (await fundsOf(t, 'DEMO1')).used;
      expect((await endOfDay(t.app, t.app.oms, near.expiry!)).expiriesSettled).toBe(0);
      expect((await fundsOf(t, 'DEMO1')).used).toBe(used);
      expect(await legOf('DEMO1', far)).toEqual([{ net: -far.lot, margin_paise: outrightMargin() }]);
    });
  });

  it('funds that do not cover it: the margin is held all the same and the Margins page shows the shortfall', async () => {
    // A second spread, the money then spent down to what covers the spread margin and little more.
    await t.app.oms.settled();
    const clientId = await clientIdOf(t.db, 'DEMO1');
    await buySpread('DEMO1');
    const held = await fundsOf(t, 'DEMO1');
    await t.db.query('UPDATE client_funds SET ledger_balance_paise = $2, collateral_paise = 0 WHERE client_id = $1', [
      clientId,
      held.used + held.blocked + 100_00,
    ]);
    const nextNear = t.app.marketRuntime.market.registry.byId(spread.underlying!)!;
    expect(nextNear.id).toBe(near.id);
    expect((await endOfDay(t.app, t.app.oms, near.expiry!)).expiriesSettled).toBe(1);
    expect(await legOf('DEMO1', far)).toEqual([{ net: -2 * far.lot, margin_paise: outrightMarginOf(2 * far.lot) }]);
    const after = await fundsOf(t, 'DEMO1');
    expect(after.available).toBeLessThan(0);
    const page = await marginDetails(demo1);
    expect(paise(page.availableMargin)).toBe(after.available);
    expect(paise(page.usedMargin.total)).toBe(after.used + after.blocked);
  });
});
