import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istInstant, parseIsoDate } from '@kite/exchange';
import type { WorldMarketGroup } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';

const cents = (text: string) => Number(text.replace('.', ''));

describe('/Market/WorldIndices (investing.md 7) from the simulated world-markets feed', () => {
  let t: TestApp;
  let cookie: string;
  const friday = parseIsoDate('2026-11-20')!;
  const read = async (at: number) => {
    t.app.clock.set(at);
    const answer = await t.call<{ indices: WorldMarketGroup[] }>('/Market/WorldIndices', {}, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.indices;
  };
  const find = (groups: WorldMarketGroup[], name: string) =>
    groups.flatMap((g) => g.indices).find((i) => i.indexName === name)!;

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    cookie = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('refuses without a session', async () => {
    expect((await t.call('/Market/WorldIndices', {})).infoID).toBe('EGN006');
  });

  it('groups the indices by continent, each change agreeing with its level', async () => {
    const groups = await read(istInstant(friday, 11, 0));
    expect(groups.map((g) => g.continentName)).toEqual([
      'Asia',
      'Europe',
      'North America',
      'South America',
      'Africa',
      'Oceania',
    ]);
    for (const index of groups.flatMap((g) => g.indices)) {
      const ltp = cents(index.ltp);
      const chng = cents(index.chng);
      const previous = ltp - chng;
      expect(Math.abs(cents(index.chngPer) - Math.round((chng * 10_000) / previous))).toBeLessThanOrEqual(1);
      expect(Math.abs(cents(index.chngPer))).toBeLessThan(400);
    }
  });

  it('moves an index through its home session and holds it after the close, the same at the same moment', async () => {
    const at = (h: number, m: number) => istInstant(friday, h, m);
    const morning = find(await read(at(8, 0)), 'Nikkei 225');
    const later = find(await read(at(9, 30)), 'Nikkei 225');
    expect(later.LUpdatedTime).toMatch(/^20-11-2026 09:30/);
    const closed = find(await read(at(13, 0)), 'Nikkei 225');
    const evening = find(await read(at(18, 0)), 'Nikkei 225');
    expect(closed.LUpdatedTime).toBe('20-11-2026 12:00:00');
    expect(evening).toEqual(closed);
    expect(find(await read(at(8, 0)), 'Nikkei 225')).toMatchObject({ ltp: morning.ltp, chng: morning.chng });
    // The US session of Friday runs past IST midnight into Saturday, then holds over the weekend.
    const saturday = find(await read(istInstant(friday + 1, 12, 0)), 'S&P 500');
    expect(saturday.LUpdatedTime).toBe('21-11-2026 02:30:00');
    const sunday = find(await read(istInstant(friday + 2, 12, 0)), 'S&P 500');
    expect(sunday).toEqual(saturday);
    // Before its open on Friday, the FTSE shows Thursday's close.
    const ftseBefore = find(await read(at(10, 0)), 'FTSE 100');
    expect(ftseBefore.LUpdatedTime).toBe('19-11-2026 22:00:00');
  });
});
