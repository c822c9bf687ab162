import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay, istInstant, weekdayOf } from '@kite/exchange';
import { parseScaled, subcategoriesOf, type Quote, type ResearchIdea } from '@kite/domain';
import { createSeededApp, signIn } from '../account/account-test-support.ts';
import type { TestApp } from '../../test/harness.ts';

function nextWeekday(day: number): number {
  let d = day + 1;
  while (weekdayOf(d) === 0 || weekdayOf(d) === 6) d += 1;
  return d;
}

describe('/Ideas/GetResearchCalls (investing.md 7 "ideas") against PostgreSQL', () => {
  let t: TestApp;
  let cookie: string;
  const ideas = async (data: Record<string, unknown>) => {
    const answer = await t.call<{ ideas: ResearchIdea[] }>('/Ideas/GetResearchCalls', data, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.ideas;
  };
  const quote = async (idea: ResearchIdea) => {
    const answer = await t.call<{ quote: Quote }>('/Market/GetQuote', { sym: idea.sym }, { cookie });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data.quote;
  };

  beforeAll(async () => {
    t = await createSeededApp({ MARKET_SIM: 'off' });
    // Ahead of the real time, so the market has moved since the calls of the last days were sent.
    t.app.clock.set(istInstant(nextWeekday(istDay(Date.now())), 15, 0));
    t.app.marketRuntime.advance();
    cookie = await signIn(t, 'DEMO1');
  });
  afterAll(() => t.close());

  it('refuses without a session (EGN006)', async () => {
    expect((await t.call('/Ideas/GetResearchCalls', { segment: 'EQUITY', category: 'technical' })).infoID).toBe(
      'EGN006',
    );
  });

  it("answers a segment's calls newest first, entered and targeted at the instrument's tick", async () => {
    for (const [segment, category] of [
      ['EQUITY', 'technical'],
      ['EQUITY', 'fundamental'],
      ['DERIVATIVE', 'derivative'],
      ['CDS', 'technical'],
      ['COM', 'fundamental'],
    ] as const) {
      const list = await ideas({ segment, category, subcategory: 'ALL CALLS', recordcount: '30' });
      expect(list.length, `${segment} ${category}`).toBeGreaterThan(subcategoriesOf(category).length);
      expect(list.length).toBeLessThanOrEqual(30);
      const sent = list.map(
        (i) => i.callsenttime.split(' ')[0]!.split('-').reverse().join('') + i.callsenttime.slice(10),
      );
      expect([...sent].sort().reverse()).toEqual(sent);
      const first = list[0]!;
      expect(first).toMatchObject({ segment, category });
      const q = await quote(first);
      const decimals = q.tickSize.split('.')[1]!.length === 4 ? 4 : 2;
      const tick = parseScaled(q.tickSize, decimals)!;
      for (const price of [first.entryprice1, first.targetprice1, first.targetprice2, first.stoplossprice1]) {
        if (price === '') continue;
        expect(parseScaled(price, decimals)! % tick, `${first.displaySym} ${price}`).toBe(0);
      }
      const entry = parseScaled(first.entryprice1, decimals)!;
      const target = parseScaled(first.targetprice1, decimals)!;
      expect(first.calltype === 'BUY' ? target > entry : target < entry).toBe(true);
    }
  });

  it('gives fundamental ideas no stop-loss, and technical ones a stop-loss behind the entry', async () => {
    for (const idea of await ideas({ segment: 'EQUITY', category: 'fundamental' })) {
      expect(idea.stoplossprice1).toBe('');
      expect(idea.calltype).toBe('BUY');
    }
    for (const idea of await ideas({ segment: 'EQUITY', category: 'technical' })) {
      expect(idea.stoplossprice1, idea.calldescription).not.toBe('');
      const entry = Number(idea.entryprice1.replace('.', ''));
      const stop = Number(idea.stoplossprice1.replace('.', ''));
      expect(idea.calltype === 'BUY' ? stop < entry : stop > entry, idea.calldescription).toBe(true);
    }
  });

  it('works out the status from the market: open calls sit between stop-loss and target, hit calls have a date', async () => {
    const all = [
      ...(await ideas({ segment: 'EQUITY', category: 'technical', recordcount: 50 })),
      ...(await ideas({ segment: 'DERIVATIVE', category: 'derivative', recordcount: 50 })),
    ];
    const hit = all.filter((i) => i.callstatus === 'Target Hit' || i.callstatus === 'Stop Loss Hit');
    expect(hit.length).toBeGreaterThan(0);
    for (const idea of hit) expect(idea.statusdate).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    const now = t.app.clock.now();
    const endOf = (ddmmyyyy: string) => {
      const [dd, mm, yyyy] = ddmmyyyy.split('-');
      return new Date(`${yyyy}-${mm}-${dd}T23:59:59.999+05:30`).getTime();
    };
    const expired = all.filter((i) => i.callstatus === 'Expired');
    expect(expired.length).toBeGreaterThan(0);
    for (const idea of expired) {
      expect(idea.statusdate).toBe('');
      expect(endOf(idea.callexpiry)).toBeLessThan(now);
    }
    const open = all.filter((i) => i.callstatus === 'Open');
    expect(open.length).toBeGreaterThan(0);
    for (const idea of open) {
      expect(idea.statusdate).toBe('');
      expect(endOf(idea.callexpiry)).toBeGreaterThanOrEqual(now);
      const ltp = Number((await quote(idea)).ltp.replace('.', ''));
      const target = Number(idea.targetprice1.replace('.', ''));
      expect(idea.calltype === 'BUY' ? ltp < target : ltp > target, `${idea.displaySym} ${idea.callstatus}`).toBe(true);
      if (idea.stoplossprice1 !== '') {
        const stop = Number(idea.stoplossprice1.replace('.', ''));
        expect(idea.calltype === 'BUY' ? ltp > stop : ltp < stop).toBe(true);
      }
    }
    // A status once hit stays, with its date.
    const again = await ideas({ segment: 'EQUITY', category: 'technical', recordcount: 50 });
    for (const idea of hit.filter((i) => i.segment === 'EQUITY'))
      expect(again.find((a) => a.callid === idea.callid)).toMatchObject({
        callstatus: idea.callstatus,
        statusdate: idea.statusdate,
      });
  });

  it('narrows to a call type and keeps call ids across reads', async () => {
    const swing = await ideas({ segment: 'EQUITY', category: 'technical', subcategory: 'swing' });
    expect(swing.length).toBeGreaterThan(0);
    expect(swing.every((i) => i.subcategory === 'SWING')).toBe(true);
    const all = await ideas({ segment: 'EQUITY', category: 'technical', recordcount: 50 });
    expect(all.filter((i) => i.subcategory === 'SWING').map((i) => i.callid)).toEqual(swing.map((i) => i.callid));
    expect(await ideas({ segment: 'EQUITY', category: 'technical', recordcount: 3 })).toHaveLength(3);
  });

  it('refuses a category the segment does not offer (NWS003) and a call type the category does not list (NWS004)', async () => {
    const call = (data: Record<string, unknown>) => t.call('/Ideas/GetResearchCalls', data, { cookie });
    expect((await call({ segment: 'EQUITY', category: 'derivative' })).infoID).toBe('NWS003');
    expect((await call({ segment: 'DERIVATIVE', category: 'technical' })).infoID).toBe('NWS003');
    expect((await call({ segment: 'EQUITY', category: 'fundamental', subcategory: 'SWING' })).infoID).toBe('NWS004');
    expect((await call({ segment: 'NSE', category: 'technical' })).infoID).toBe('EGN001');
  });
});
