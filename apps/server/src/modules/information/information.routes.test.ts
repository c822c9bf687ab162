import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatPrice,
  type BhavCopyRow,
  type CorporateAction,
  type ExchangeMessage,
  type ImportantLink,
  type LoginAlert,
  type OrderAlert,
} from '@kite/domain';
import { isoDate, istDay, istInstant } from '@kite/exchange';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { orderPayload, orderRow, priceOffLast, rupees, symOf } from '../trade/order-test-support.ts';
import type { TestApp } from '../../test/harness.ts';

type BhavCopy = { exchange: string; sessionDate: string; asOf: string; status: string; rows: BhavCopyRow[] };

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const CALLS = [
  '/Info/GetExchangeMessages',
  '/Info/GetImportantLinks',
  '/Info/GetBhavCopy',
  '/Info/GetLoginAlerts',
  '/Info/CorpActions',
  '/Alerts/GetOrderAndTradeAlerts',
];

async function loginFrom(t: TestApp, userId: string, userAgent: string, ip: string): Promise<string> {
  const answer = await t.call(
    '/Account/Login',
    { userId, password: DEMO_PASSWORD },
    {
      headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
    },
  );
  expect(answer.infoID, answer.infoMsg).toBe('0');
  return answer.setCookie!;
}

describe('/Info/* information calls and /Alerts/GetOrderAndTradeAlerts against PostgreSQL', () => {
  let t: TestApp;
  let demo1: string;
  let demo2: string;

  const read = async <T>(path: string, cookie: string, data: unknown = {}): Promise<T> => {
    const answer = await t.call<T>(path, data, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    demo1 = await signIn(t, 'DEMO1');
    demo2 = await signIn(t, 'DEMO2');
  });
  afterAll(() => t.close());

  it('refuses every call without a session (EGN006)', async () => {
    for (const path of CALLS) expect((await t.call(path, {})).infoID, path).toBe('EGN006');
  });

  it('answers odd bodies with a clear EGN001 or the data, never a 5xx', async () => {
    const bodies: unknown[] = [null, 7, 'x', [], { exchange: 'NSE', extra: 1 }, { exchange: 5 }, { exchange: 'nse' }];
    for (const path of CALLS) {
      for (const body of bodies) {
        const answer = await t.call(path, body, { cookie: demo1 });
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(200);
        expect(['0', 'EGN001'], `${path} ${JSON.stringify(body)}`).toContain(answer.infoID);
      }
      // Every call takes no field but the bhav copy's exchange: an unknown one is refused, not ignored.
      expect((await t.call(path, { clientId: 'DEMO2' }, { cookie: demo1 })).infoID, path).toBe('EGN001');
    }
  });

  it('reads the exchange bulletin from PostgreSQL, newest first, with IST times', async () => {
    const before = (await read<{ messages: ExchangeMessage[] }>('/Info/GetExchangeMessages', demo1)).messages;
    expect(before.length).toBeGreaterThanOrEqual(5);
    const times = before.map((m) => m.postedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(before.map((m) => m.exchange))).toEqual(new Set(['NSE', 'BSE', 'MCX', 'CDSL', 'NSDL']));

    // 10:30 IST on 2 Jan 2030 is 05:00 UTC: a notice posted then reads back first, in IST.
    await t.db.query(
      `INSERT INTO exchange_bulletin (exchange, category, subject, message, posted_at)
       VALUES ('NSE', 'Trading', 'Test notice', 'Posted in a test', '2030-01-02T05:00:00Z')`,
    );
    const after = (await read<{ messages: ExchangeMessage[] }>('/Info/GetExchangeMessages', demo2)).messages;
    expect(after[0]).toMatchObject({ subject: 'Test notice', exchange: 'NSE', postedAt: '2030-01-02 10:30:00' });
    expect(after).toHaveLength(before.length + 1);
  });

  it('lists the curated links: exchanges, depositories, SEBI and SCORES', async () => {
    const { links } = await read<{ links: ImportantLink[] }>('/Info/GetImportantLinks', demo1);
    const hosts = links.map((l) => new URL(l.url).host);
    for (const host of [
      'www.nseindia.com',
      'www.bseindia.com',
      'www.cdslindia.com',
      'nsdl.co.in',
      'www.sebi.gov.in',
      'scores.sebi.gov.in',
    ])
      expect(hosts).toContain(host);
    expect(links.every((l) => l.url.startsWith('https://'))).toBe(true);
  });

  it("lists corporate actions on the market's own listed companies, the latest record date first", async () => {
    const { actions } = await read<{ actions: CorporateAction[] }>('/Info/CorpActions', demo1);
    expect(actions.length).toBeGreaterThanOrEqual(8);
    expect(new Set(actions.map((a) => a.type))).toEqual(new Set(['DIVIDEND', 'SPLIT', 'BONUS', 'RIGHTS', 'BUYBACK']));
    const registry = t.app.marketRuntime.market.registry;
    for (const action of actions) {
      const listed = registry
        .all()
        .find((i) => i.exc === action.exchange && i.instr === 'STK' && i.symbol === action.symbol);
      expect(listed?.name, action.symbol).toBe(action.companyName);
      expect(action.recordDate >= action.exDate).toBe(true);
    }
    const recordDates = actions.map((a) => a.recordDate);
    expect([...recordDates].sort().reverse()).toEqual(recordDates);
    // Both upcoming and past actions, around the day the database was made.
    const today = new Date().toISOString().slice(0, 10);
    expect(actions.some((a) => a.recordDate > today)).toBe(true);
    expect(actions.some((a) => a.recordDate < today)).toBe(true);
  });

  it("shows the client's own logins only, newest first, with device, IP and the current session marked", async () => {
    const first = await loginFrom(t, 'DEMO1', FIREFOX_ON_LINUX, '203.0.113.7');
    const second = await loginFrom(t, 'DEMO1', CHROME_ON_WINDOWS, '198.51.100.20');
    const { logins } = await read<{ logins: LoginAlert[] }>('/Info/GetLoginAlerts', second);
    expect(logins.length).toBeGreaterThanOrEqual(3);
    expect(logins[0]).toMatchObject({ device: 'Chrome on Windows', method: 'PASSWORD', current: true });
    expect(logins[1]).toMatchObject({ device: 'Firefox on Linux', current: false });
    expect(logins.filter((l) => l.current)).toHaveLength(1);
    expect(logins[0]!.ip).toBe('198.51.100.20');
    expect(logins[1]!.ip).toBe('203.0.113.7');
    expect(logins[0]!.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const times = logins.map((l) => l.loginTime);
    expect([...times].sort().reverse()).toEqual(times);

    // The same list from the older session marks that one as current; DEMO2 sees none of DEMO1's logins.
    const fromFirst = (await read<{ logins: LoginAlert[] }>('/Info/GetLoginAlerts', first)).logins;
    expect(fromFirst[1]).toMatchObject({ device: 'Firefox on Linux', current: true });
    const demo2Logins = (await read<{ logins: LoginAlert[] }>('/Info/GetLoginAlerts', demo2)).logins;
    expect(demo2Logins).toHaveLength(1);
    expect(demo2Logins.some((l) => l.device === 'Chrome on Windows' || l.device === 'Firefox on Linux')).toBe(false);
  });

  it("builds the bhav copy from the simulated market: a traded book's day statistics, untraded ones without", async () => {
    const infy = symOf(t, 'NSE', 'INFY-EQ');
    const placed = await t.call<{ orderId: string }>(
      '/Trade/AddOrder',
      orderPayload(infy, { ordType: 'market', qty: '7' }),
      {
        cookie: demo1,
      },
    );
    expect(placed.infoID, placed.infoMsg).toBe('0');
    expect((await orderRow(t, placed.data.orderId)).status).toBe('EXECUTED');

    const copy = await read<BhavCopy>('/Info/GetBhavCopy', demo2, { exchange: 'NSE' });
    const market = t.app.marketRuntime.market;
    const equities = market.registry.all().filter((i) => i.exc === 'NSE' && i.instr === 'STK' && i.tradable);
    expect(copy.rows).toHaveLength(equities.length);
    expect(copy.rows.map((r) => r.symbol)).toEqual(
      [...copy.rows.map((r) => r.symbol)].sort((a, b) => a.localeCompare(b)),
    );
    expect(copy.sessionDate).toBe(isoDate(istDay(t.app.clock.now())));

    const stats = market.book(infy.id)!.stats();
    const row = copy.rows.find((r) => r.symbol === 'INFY')!;
    expect(stats.volume).toBeGreaterThanOrEqual(7);
    expect(row).toEqual({
      symbol: 'INFY',
      isin: 'INE009A01021',
      open: (stats.open / 100).toFixed(2),
      high: (stats.high / 100).toFixed(2),
      low: (stats.low / 100).toFixed(2),
      last: (stats.lastPrice / 100).toFixed(2),
      previousClose: (stats.close / 100).toFixed(2),
      volume: stats.volume,
      turnover: `${Math.floor(stats.turnover / 100)}.${String(stats.turnover % 100).padStart(2, '0')}`,
      trades: stats.trades,
    });

    const untraded = copy.rows.find(
      (r) => r.symbol !== 'INFY' && !market.isSimulated(symOf(t, 'NSE', `${r.symbol}-EQ`).id),
    )!;
    expect(untraded).toMatchObject({ open: null, high: null, low: null, volume: 0, turnover: '0.00', trades: 0 });
    expect(market.isSimulated(symOf(t, 'NSE', `${untraded.symbol}-EQ`).id)).toBe(false);
  });

  it('gives the BSE copy on asking, and refuses an exchange without a cash market bhav copy', async () => {
    const bse = await read<BhavCopy>('/Info/GetBhavCopy', demo1, { exchange: 'BSE' });
    expect(bse.exchange).toBe('BSE');
    expect(bse.rows.find((r) => r.symbol === 'RELIANCE')).toBeDefined();
    expect((await t.call('/Info/GetBhavCopy', { exchange: 'MCX' }, { cookie: demo1 })).infoID).toBe('EGN001');
    expect((await read<BhavCopy>('/Info/GetBhavCopy', demo1)).exchange).toBe('NSE');
  });

  it("answers the client's own order and trade events of the day, newest first", async () => {
    expect((await read<{ alerts: OrderAlert[] }>('/Alerts/GetOrderAndTradeAlerts', demo2)).alerts).toEqual([]);

    const tcs = symOf(t, 'NSE', 'TCS-EQ');
    const bought = await t.call<{ orderId: string }>(
      '/Trade/AddOrder',
      orderPayload(tcs, { ordType: 'market', qty: '3' }),
      {
        cookie: demo1,
      },
    );
    expect(bought.infoID, bought.infoMsg).toBe('0');
    const low = priceOffLast(t, tcs, 95);
    const resting = await t.call<{ orderId: string }>(
      '/Trade/AddOrder',
      orderPayload(tcs, { qty: '2', limitPrice: rupees(low) }),
      { cookie: demo1 },
    );
    expect(resting.infoID, resting.infoMsg).toBe('0');
    const cancelled = await t.call(
      '/Trade/CancelOrder',
      { sym: tcs, orderId: resting.data.orderId },
      { cookie: demo1 },
    );
    expect(cancelled.infoID, cancelled.infoMsg).toBe('0');

    const { alerts } = await read<{ alerts: OrderAlert[] }>('/Alerts/GetOrderAndTradeAlerts', demo1);
    const messages = alerts.map((a) => a.alertMessage);
    const tradePrice = (await orderRow(t, bought.data.orderId)).avg_fill_price!;
    expect(messages).toContain(`Order ${bought.data.orderId} placed: BUY 3 TCS (NSE) at market`);
    expect(messages).toContain(
      `Trade: BOUGHT 3 TCS (NSE) at ${formatPrice(Number(tradePrice), 2)}, order ${bought.data.orderId}`,
    );
    expect(messages).toContain(`Order ${resting.data.orderId} placed: BUY 2 TCS (NSE) at ${formatPrice(low, 2)}`);
    expect(messages).toContain(`Order ${resting.data.orderId} cancelled: BUY 2 TCS (NSE) at ${formatPrice(low, 2)}`);
    // Newest first: the cancellation comes before the placing of its order.
    expect(
      messages.indexOf(`Order ${resting.data.orderId} cancelled: BUY 2 TCS (NSE) at ${formatPrice(low, 2)}`),
    ).toBeLessThan(messages.indexOf(`Order ${resting.data.orderId} placed: BUY 2 TCS (NSE) at ${formatPrice(low, 2)}`));
    // The market order, newest first: its trade, its acceptance (written with the fill, after the trade's time, but
    // the exchange accepted it first), its placing.
    const mine = alerts.filter((a) => a.alertMessage.includes(bought.data.orderId));
    expect(mine.map((a) => [a.kind, a.alertMessage.split(':')[0]])).toEqual([
      ['TRADE', 'Trade'],
      ['ORDER', `Order ${bought.data.orderId} accepted by the exchange`],
      ['ORDER', `Order ${bought.data.orderId} placed`],
    ]);
    const times = alerts.map((a) => a.alertTime);
    expect([...times].sort().reverse()).toEqual(times);
    // The INFY order of the bhav copy test is DEMO1's too; DEMO2 still has none.
    expect(alerts.some((a) => a.alertMessage.includes('INFY'))).toBe(true);
    expect((await read<{ alerts: OrderAlert[] }>('/Alerts/GetOrderAndTradeAlerts', demo2)).alerts).toEqual([]);
  });
});

describe('/Info/GetBhavCopy with real market hours', () => {
  let t: TestApp;
  let cookie: string;
  let tradingDay: number;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off', MARKET_HOURS: 'real' });
    cookie = await signIn(t, 'DEMO1');
    tradingDay = t.app.marketRuntime.market.calendar.onOrAfter(istDay(Date.now()) + 1);
  });
  afterAll(() => t.close());

  it("refuses before the day's pre-open and on a weekend (INF001), answers once the exchange has opened", async () => {
    t.app.clock.set(istInstant(tradingDay, 8, 30));
    const early = await t.call('/Info/GetBhavCopy', { exchange: 'BSE' }, { cookie });
    expect(early.infoID).toBe('INF001');
    expect(early.infoMsg).toBe("BSE has not opened for trading today: the bhav copy is made from the day's session.");

    t.app.clock.set(istInstant(tradingDay, 11, 0));
    const open = await t.call<BhavCopy>('/Info/GetBhavCopy', { exchange: 'BSE' }, { cookie });
    expect(open.infoID, open.infoMsg).toBe('0');
    expect(open.data).toMatchObject({ status: 'open', asOf: expect.stringMatching(/ 11:00:00$/) });

    t.app.clock.set(istInstant(tradingDay, 16, 30));
    expect((await t.call<BhavCopy>('/Info/GetBhavCopy', {}, { cookie })).data.status).toBe('closed');

    let weekend = tradingDay + 1;
    while (t.app.marketRuntime.market.calendar.isTradingDay(weekend)) weekend += 1;
    t.app.clock.set(istInstant(weekend, 12, 0));
    expect((await t.call('/Info/GetBhavCopy', { exchange: 'NSE' }, { cookie })).infoID).toBe('INF001');
  });
});
