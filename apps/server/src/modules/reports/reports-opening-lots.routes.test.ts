import type { BackOfficeReport, GainLotRow, GainTotalRow, SegmentReport } from '@kite/domain';
import { parseRupees } from '@kite/domain';
import { isoDate, istDay, istInstant } from '@kite/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { clientIdOf } from '../portfolio/portfolio-test-support.ts';
import { orderPayload, orderRow, symOf } from '../trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { endOfDay } from '../../services/oms/end-of-day.ts';

const paise = (text: string): number => parseRupees(text)!;

// investing.md 2 "report/capitalgain": shares held before the records are costed at what they cost, not at the
// holding's average that end of day blends with later purchases.
describe('capital gains of shares held before the records, after end of day blends a later purchase into the holding', () => {
  let t: TestApp;
  let demo1: string;
  let client: number;
  let buyDay: number;
  let saleDay: number;
  let soldValue: number;
  const slash = (day: number) => isoDate(day).split('-').reverse().join('/');
  const fyOf = (day: number) => {
    const [y, m] = isoDate(day).split('-').map(Number) as [number, number];
    const start = m >= 4 ? y : y - 1;
    return `${start}-${start + 1}`;
  };
  const place = async (fields: Record<string, unknown>) => {
    const placed = await t.call<{ orderId: string }>(
      '/Trade/AddOrder',
      orderPayload(symOf(t, 'NSE', 'INFY-EQ'), { ordType: 'market', ...fields }),
      { cookie: demo1 },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect((await orderRow(t, placed.data.orderId)).status).toBe('EXECUTED');
    return placed.data.orderId;
  };
  const tradedValueOf = async (orderNo: string) =>
    (
      await t.db.query<{ v: number }>(
        'SELECT sum(t.quantity * t.price)::bigint AS v FROM trades t JOIN orders o ON o.id = t.order_id WHERE o.order_no = $1',
        [orderNo],
      )
    ).rows[0]!.v;
  const averageOf = async () =>
    (
      await t.db.query<{ quantity: number; avg: number }>(
        "SELECT quantity, avg_price_paise AS avg FROM holdings WHERE client_id = $1 AND symbol = 'INFY'",
        [client],
      )
    ).rows[0]!;

  beforeAll(async () => {
    t = await createSeededApp();
    demo1 = await signIn(t, 'DEMO1');
    client = await clientIdOf(t.db, 'DEMO1');
    // DEMO1 held 40 INFY before the records (seeded, bought 19/02/2024); here at Rs 1,400 a share, as seeding stores it.
    await t.db.query("UPDATE holdings SET avg_price_paise = 140000 WHERE client_id = $1 AND symbol = 'INFY'", [client]);
    await t.db.query("UPDATE opening_lots SET price_paise = 140000 WHERE client_id = $1 AND symbol = 'INFY'", [client]);
    buyDay = istDay(t.app.clock.now());
    await place({ qty: '10' });
    await endOfDay(t.app, t.app.oms);
    saleDay = buyDay + 1;
    t.app.clock.set(istInstant(saleDay, 11));
    soldValue = await tradedValueOf(await place({ qty: '40', ordAction: 'sell' }));
  });
  afterAll(() => t.close());

  it('blends the purchase into the holding at end of day (the average is no longer what the 40 cost)', async () => {
    const holding = await averageOf();
    expect(holding.quantity).toBe(50);
    expect(holding.avg).not.toBe(140_000);
  });

  it('costs the 40 sold the next day at Rs 1,400 a share from the day they were bought, long term', async () => {
    const answer = await t.call<{ lots: GainLotRow[] }>(
      '/Report/CapitalGLReport',
      { financialYear: fyOf(saleDay) },
      { cookie: demo1 },
    );
    expect(answer.infoID, answer.infoMsg).toBe('0');
    expect(
      answer.data.lots
        .filter((l) => l.symbol === 'INFY')
        .map((l) => [l.term, l.buyDate, l.sellDate, l.quantity, paise(l.buyValue), paise(l.sellValue), paise(l.gain)]),
    ).toEqual([['LONG', '19/02/2024', slash(saleDay), 40, 40 * 140_000, soldValue, soldValue - 40 * 140_000]]);

    const summary = await t.call<{ totals: GainTotalRow[] }>(
      '/Report/GainSummary',
      { financialYear: fyOf(saleDay) },
      { cookie: demo1 },
    );
    const long = summary.data.totals.find((x) => x.term === 'LONG')!;
    expect([paise(long.buyValue), paise(long.gain)]).toEqual([40 * 140_000, soldValue - 40 * 140_000]);
    expect(summary.data.totals.find((x) => x.term === 'SHORT')!.gain).toBe('0.00');
  });

  it('books the same gain in the back-office and equity segment reports', async () => {
    const office = await t.call<BackOfficeReport>('/Reports/BackOfficeReport', { year: 'current' }, { cookie: demo1 });
    expect(office.infoID, office.infoMsg).toBe('0');
    const delivery = office.data.segments.find((s) => s.segment === 'equityDelivery')!;
    expect(paise(delivery.realisedPnl)).toBe(soldValue - 40 * 140_000);

    const segment = await t.call<SegmentReport>(
      '/Reports/SegmentReport',
      { segment: 'equity', fromDate: slash(saleDay), toDate: slash(saleDay) },
      { cookie: demo1 },
    );
    expect(segment.infoID, segment.infoMsg).toBe('0');
    const infy = segment.data.securities.find((s) => s.symbol === 'INFY')!;
    expect([infy.sellQty, paise(infy.realisedPnl)]).toEqual([40, soldValue - 40 * 140_000]);
  });

  it('keeps the opening lot as seeding stored it, through end of day', async () => {
    const { rows } = await t.db.query(
      "SELECT quantity, price_paise, acquired_on::text AS acquired_on FROM opening_lots WHERE client_id = $1 AND symbol = 'INFY'",
      [client],
    );
    expect(rows).toEqual([{ quantity: 40, price_paise: 140_000, acquired_on: '2024-02-19' }]);
  });
});
