import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';
import { istAt as at } from '../../test/ist-time.ts';

type Timings = {
  exchfeedtime: string;
  mode: string;
  exchanges: {
    exchange: string;
    status: string;
    nextChange: string | null;
    sessions: { phase: string; start: string; end: string }[];
    tradingToday: boolean;
    sessionDate: string;
  }[];
};

describe('/Info/GetExchangeTimings', () => {
  let real: TestApp;
  let always: TestApp;
  let cookie: string;
  let alwaysCookie: string;
  beforeAll(async () => {
    real = await createSeededApp({ MARKET_HOURS: 'real' });
    always = await createSeededApp({ MARKET_HOURS: 'always' });
    cookie = await signIn(real, 'DEMO1');
    alwaysCookie = await signIn(always, 'DEMO1');
  });
  afterAll(async () => {
    await real.close();
    await always.close();
  });

  const timings = async (t: TestApp, session: string) => {
    const answer = await t.call<Timings>('/Info/GetExchangeTimings', {}, { cookie: session });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };
  const of = (data: Timings, exchange: string) => {
    const found = data.exchanges.find((e) => e.exchange === exchange);
    if (!found) throw new Error(`no ${exchange}`);
    return found;
  };

  it("gives every exchange's sessions today in IST and where it stands now", async () => {
    real.app.clock.set(at('2026-11-20', 10, 0)); // a Friday, US daylight saving over
    const data = await timings(real, cookie);
    expect(data.exchfeedtime).toBe('2026-11-20 10:00:00');
    expect(data.mode).toBe('real');
    expect(data.exchanges.map((e) => e.exchange)).toEqual(['NSE', 'BSE', 'NFO', 'BFO', 'CDS', 'MCX', 'NCDEX']);
    const nse = of(data, 'NSE');
    expect(nse).toMatchObject({
      status: 'open',
      nextChange: '2026-11-20 15:30:00',
      tradingToday: true,
      sessionDate: '2026-11-20',
    });
    expect(nse.sessions).toEqual([
      { phase: 'pre-open', start: '09:00', end: '09:15' },
      { phase: 'open', start: '09:15', end: '15:30' },
      { phase: 'post-close', start: '15:50', end: '16:00' },
    ]);
    expect(of(data, 'NFO').sessions.at(-1)).toEqual({ phase: 'open', start: '09:15', end: '15:40' });
    expect(of(data, 'MCX').sessions).toEqual([{ phase: 'open', start: '09:00', end: '23:55' }]);
  });

  it('closes MCX at 23:30 while US daylight saving is on', async () => {
    real.app.clock.set(at('2026-06-10', 8, 30)); // a Wednesday before the open
    const data = await timings(real, cookie);
    expect(of(data, 'MCX').sessions).toEqual([{ phase: 'open', start: '09:00', end: '23:30' }]);
    expect(of(data, 'NSE')).toMatchObject({ status: 'closed', nextChange: '2026-06-10 09:00:00' });
  });

  it("shows the next trading day's sessions on a weekend", async () => {
    real.app.clock.set(at('2026-11-21', 11, 0)); // a Saturday
    const nse = of(await timings(real, cookie), 'NSE');
    expect(nse).toMatchObject({
      status: 'closed',
      tradingToday: false,
      sessionDate: '2026-11-23',
      nextChange: '2026-11-23 09:00:00',
    });
    expect(nse.sessions).toHaveLength(3);
  });

  it('keeps the real hours beside an always-open demo market', async () => {
    const nse = of(await timings(always, alwaysCookie), 'NSE');
    expect(nse.status).toBe('open');
    expect(nse.nextChange).toBeNull();
    expect(nse.sessions.map((s) => s.phase)).toEqual(['pre-open', 'open', 'post-close']);
  });

  it('answers only with a session', async () => {
    const refused = await real.call('/Info/GetExchangeTimings', {});
    expect(refused.infoID).toBe('EGN006');
  });
});
