import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDateTime, istDay, istInstant, weekdayOf } from '@kite/exchange';
import { groupIndian, liveNewsSections, type DiscussionCloudItem, type IndexQuote, type NewsItem } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { lastQuarter } from '../../adapters/news-vendor/simulated-news-vendor.ts';
import { BACKFILL_SLOTS } from './news.service.ts';

type News = { news: NewsItem[] };

/** The first weekday after `day`: ahead of the market built at the real time, so moving the clock there moves prices. */
function nextWeekday(day: number): number {
  let d = day + 1;
  while (weekdayOf(d) === 0 || weekdayOf(d) === 6) d += 1;
  return d;
}

/** A seeded app (fresh database) with its clock at `at` on the next weekday, the market moved there, DEMO1 signed in. */
async function newsAppAt(at: (day: number) => number): Promise<{ t: TestApp; cookie: string; day: number }> {
  const t = await createSeededApp({ MARKET_SIM: 'off' });
  const day = nextWeekday(istDay(Date.now()));
  t.app.clock.set(at(day));
  t.app.marketRuntime.advance();
  return { t, cookie: await signIn(t, 'DEMO1'), day };
}

/** A /News/* call of the signed-in client, answered without a refusal. */
async function newsOf(t: TestApp, cookie: string, path: string, data: Record<string, unknown>): Promise<NewsItem[]> {
  const answer = await t.call<News>(path, data, { cookie });
  expect(answer.infoID, answer.infoMsg).toBe('0');
  return answer.data.news;
}

describe('/News/* calls (investing.md 7 "News and world markets") against PostgreSQL', () => {
  let t: TestApp;
  let cookie: string;
  let day: number;
  const news = (path: string, data: Record<string, unknown>) => newsOf(t, cookie, path, data);

  beforeAll(async () => {
    // The market moves from its reference prices until 11:10, so the stories have moves to tell.
    ({ t, cookie, day } = await newsAppAt((d) => istInstant(d, 11, 10)));
  });
  afterAll(() => t.close());

  it('refuses every call without a session (EGN006)', async () => {
    for (const path of [
      '/News/GetLiveNews',
      '/News/StockDiscCloud',
      '/News/GetLiveNewsDetails',
      '/News/CurrencyNews',
    ]) {
      expect((await t.call(path, { section: 'hot-pursuit', sno: 1 })).infoID).toBe('EGN006');
    }
  });

  it('answers each dashboard section newest first, no more than the record count', async () => {
    for (const section of liveNewsSections) {
      const items = await news('/News/GetLiveNews', { section, recordcount: '4' });
      expect(items.length, section).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(4);
      const times = items.map((i) => i.datetime);
      expect([...times].sort().reverse()).toEqual(times);
      for (const item of items) {
        expect(item.heading).not.toBe('');
        expect([0, 1, 2]).toContain(item.sentiment);
        expect(item.datetime <= istDateTime(t.app.clock.now())).toBe(true);
      }
    }
    // Six half-hour slots were fetched at once: a stock in focus each, the market wrap only in the slot on time.
    const top = await news('/News/GetLiveNews', { section: 'hot-pursuit', recordcount: 30 });
    expect(top).toHaveLength(BACKFILL_SLOTS + 1);
    expect(top.filter((i) => i.keyword === 'Market wrap')).toHaveLength(1);
    expect(new Set(top.map((i) => i.heading)).size).toBe(top.length);
  });

  it("writes the market wrap from the market's own index levels", async () => {
    const indices = await t.call<{ indices: IndexQuote[] }>(
      '/Market/GetIndexQuote',
      { indices: [{ index: 'NIFTY 50', exc: 'NSE' }] },
      { cookie },
    );
    const nifty = indices.data.indices[0]!;
    const wraps = (await news('/News/GetLiveNews', { section: 'hot-pursuit', recordcount: 30 })).filter(
      (i) => i.keyword === 'Market wrap',
    );
    expect(wraps.length).toBeGreaterThan(0);
    expect(wraps[0]!.description).toContain(`at ${groupIndian(nifty.value)} at`);
    expect(wraps[0]!.heading).toMatch(/^Nifty /);
  });

  it('answers an article by its sno, the same article on every read, and NWS001 for none', async () => {
    const [first] = await news('/News/GetLiveNews', { section: 'economy-news', recordcount: 1 });
    const detail = await t.call<{ sno: number; heading: string; arttext: string }>(
      '/News/GetLiveNewsDetails',
      { sno: String(first!.sno) },
      { cookie },
    );
    expect(detail.infoID).toBe('0');
    expect(detail.data.heading).toBe(first!.heading);
    expect(detail.data.arttext.length).toBeGreaterThan(first!.description.length);
    const again = await news('/News/GetLiveNews', { section: 'economy-news', recordcount: 1 });
    expect(again[0]).toEqual(first);
    expect((await t.call('/News/GetLiveNewsDetails', { sno: 999_999 }, { cookie })).infoID).toBe('NWS001');
    expect((await t.call('/News/GetLiveNewsDetails', { sno: 'x' }, { cookie })).infoID).toBe('EGN001');
  });

  it('files a new slot when the clock passes the half hour, keeping the earlier articles and their sno', async () => {
    const before = await news('/News/GetLiveNews', { section: 'hot-pursuit', recordcount: 30 });
    t.app.clock.set(istInstant(day, 11, 40));
    const after = await news('/News/GetLiveNews', { section: 'hot-pursuit', recordcount: 30 });
    expect(after).toHaveLength(before.length + 2);
    expect(after.slice(2)).toEqual(before);
    expect(after[0]!.datetime.slice(11, 16)).toBe('11:31');
  });

  it('answers company, currency, commodity and sector feeds about the right instruments', async () => {
    const currency = await news('/News/CurrencyNews', { recordcount: 6 });
    expect(currency.every((i) => /INR/.test(i.symbol))).toBe(true);
    const commodity = await news('/News/CommodityNews', { recordcount: 6 });
    expect(commodity.length).toBeGreaterThan(0);
    const stocks = await news('/News/StockTrendingNews', { recordcount: 6 });
    expect(stocks).toHaveLength(6);
    expect(stocks.every((i) => i.symbol !== '' && i.companyname !== '')).toBe(true);
    const sectors = await news('/News/SectorWiseNews', { recordcount: 30 });
    const sector = sectors[0]!.keyword;
    const one = await news('/News/SectorWiseNews', { section: sector.toUpperCase(), recordcount: 30 });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((i) => i.keyword === sector)).toBe(true);
    expect(await news('/News/SectorWiseNews', { section: 'No Such Sector', recordcount: 30 })).toEqual([]);
  });

  it('narrows derivative news to an underlying, refusing one the market has no F&O on (NWS002)', async () => {
    const all = await news('/News/DerivativeSymbolNews', { recordcount: 30 });
    expect(all.length).toBeGreaterThan(0);
    const root = all[0]!.heading.split(' ')[0]!;
    const one = await news('/News/DerivativeSymbolNews', { symbol: root.toLowerCase(), recordcount: 30 });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((i) => i.heading.startsWith(`${root} `))).toBe(true);
    expect((await t.call('/News/DerivativeSymbolNews', { symbol: 'NOSUCHCO' }, { cookie })).infoID).toBe('NWS002');
  });

  it('weighs the discussion cloud by how often the news names a symbol, 100 for the most named', async () => {
    const answer = await t.call<{ news: DiscussionCloudItem[] }>(
      '/News/StockDiscCloud',
      { recordcount: '4' },
      { cookie },
    );
    expect(answer.infoID).toBe('0');
    const cloud = answer.data.news;
    expect(cloud.length).toBeGreaterThan(0);
    expect(cloud.length).toBeLessThanOrEqual(4);
    expect(cloud[0]!.weight).toBe(100);
    const weights = cloud.map((c) => c.weight);
    expect([...weights].sort((a, b) => b - a)).toEqual(weights);
  });

  it('refuses a section the dashboard does not have and a record count out of range', async () => {
    expect((await t.call('/News/GetLiveNews', { section: 'sports', recordcount: 6 }, { cookie })).infoID).toBe(
      'EGN001',
    );
    expect((await t.call('/News/GetLiveNews', { section: 'hot-pursuit', recordcount: 0 }, { cookie })).infoID).toBe(
      'EGN001',
    );
  });
});

describe('lastQuarter: the results season a corporate story reports', () => {
  it('names the last ended quarter of the April-March financial year', () => {
    expect(lastQuarter('2026-11-27')).toBe('Q2 FY27');
    expect(lastQuarter('2026-10-01')).toBe('Q2 FY27');
    expect(lastQuarter('2027-01-15')).toBe('Q3 FY27');
    expect(lastQuarter('2027-05-02')).toBe('Q4 FY27');
    expect(lastQuarter('2027-08-30')).toBe('Q1 FY28');
  });
});

describe('/News/GetLiveNews on a server started just after a half hour', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // Twenty seconds into the 11:30 slot, with nothing stored yet: the earlier slots are caught up on the first read.
    ({ t, cookie } = await newsAppAt((d) => istInstant(d, 11, 30) + 20_000));
  });
  afterAll(() => t.close());

  it('has the market-wide stories at once: the market wrap and the economy news of the current slot', async () => {
    const news = (section: string) => newsOf(t, cookie, '/News/GetLiveNews', { section, recordcount: '4' });
    const economy = await news('economy-news');
    expect(economy.length).toBeGreaterThan(0);
    expect(economy[0]!.datetime.slice(11, 16)).toBe('11:30');
    const wraps = (await news('hot-pursuit')).filter((item) => item.keyword === 'Market wrap');
    expect(wraps.length).toBeGreaterThan(0);
    for (const item of [...economy, ...wraps]) expect(item.datetime <= istDateTime(t.app.clock.now())).toBe(true);
  });
});
