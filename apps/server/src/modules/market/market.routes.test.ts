import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import { istAt as at } from '../../test/ist-time.ts';

type StatusAnswer = { isMarketOpen: boolean; exchfeedtime: string; exchanges: { exchange: string; status: string; nextChange: string | null }[] };

describe('market status against the exchange sessions in IST', () => {
  let always: TestApp;
  let real: TestApp;
  beforeAll(async () => {
    always = await createTestApp({ MARKET_HOURS: 'always' });
    real = await createTestApp({ MARKET_HOURS: 'real' });
  });
  afterAll(async () => {
    await always.close();
    await real.close();
  });

  it('keeps every market open in the demo mode', async () => {
    const answer = await always.call<StatusAnswer>('/MarketStatusService');
    expect(answer.infoID).toBe('0');
    expect(answer.data.isMarketOpen).toBe(true);
    expect(answer.data.exchanges.every((e) => e.status === 'open' && e.nextChange === null)).toBe(true);
  });

  it('follows the real sessions: NSE open on a weekday at 10:00 IST, closed at 16:30, MCX open in the evening', async () => {
    real.app.clock.set(at('2026-11-20', 10, 0)); // a Friday
    let answer = await real.call<StatusAnswer>('/MarketStatusService');
    expect(answer.data.isMarketOpen).toBe(true);
    expect(answer.data.exchfeedtime).toBe('2026-11-20 10:00:00');
    expect(answer.data.exchanges.find((e) => e.exchange === 'NSE')?.nextChange).toBe('2026-11-20 15:30:00');

    real.app.clock.set(at('2026-11-20', 20, 0));
    answer = await real.call<StatusAnswer>('/MarketStatusService');
    expect(answer.data.isMarketOpen).toBe(false);
    expect(answer.data.exchanges.find((e) => e.exchange === 'MCX')?.status).toBe('open');
    expect(answer.data.exchanges.find((e) => e.exchange === 'CDS')?.status).toBe('closed');
  });

  it('answers /Info/MarketStatus for MCX by default, only with a session', async () => {
    const refused = await real.call('/Info/MarketStatus', {});
    expect(refused.infoID).toBe('EGN006');
  });

  it('refuses an unknown exchange without changing anything', async () => {
    const answer = await always.call('/MarketStatusService', { exchange: 'XYZ' });
    expect(answer.infoID).toBe('EGN001');
  });
});

describe('/Info/MarketStatus as investing.md 7 has it: data {exc}, MCX by default; response data.data', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createSeededApp({ MARKET_HOURS: 'real' });
    cookie = await signIn(t, 'DEMO1');
  });
  afterAll(async () => t.close());

  type Status = { data: { exc: string; MktStatus: string; exchfeedtime: string } };

  it('answers the status of the exchange named by exc, MCX when none is sent, under data.data', async () => {
    t.app.clock.set(at('2026-11-20', 20, 0)); // a Friday evening: MCX open, NSE closed
    const mcx = await t.call<Status>('/Info/MarketStatus', { exc: 'MCX' }, { cookie });
    expect(mcx.infoID, mcx.infoMsg).toBe('0');
    expect(mcx.data.data).toEqual({ exc: 'MCX', MktStatus: 'Open', exchfeedtime: '2026-11-20 20:00:00' });
    const byDefault = await t.call<Status>('/Info/MarketStatus', {}, { cookie });
    expect(byDefault.data.data).toEqual({ exc: 'MCX', MktStatus: 'Open', exchfeedtime: '2026-11-20 20:00:00' });
    const nse = await t.call<Status>('/Info/MarketStatus', { exc: 'NSE' }, { cookie });
    expect(nse.data.data).toMatchObject({ exc: 'NSE', MktStatus: 'Closed' });
  });

  it('refuses an unknown exchange with a clear error', async () => {
    const answer = await t.call('/Info/MarketStatus', { exc: 'XYZ' }, { cookie });
    expect(answer.infoID).toBe('EGN001');
    expect(answer.data).toBeNull();
  });
});
