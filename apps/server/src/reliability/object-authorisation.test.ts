import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, idFieldsOf, type ApiRoute } from './api-routes.ts';
import { createBatteryApp, type BatteryApp } from './battery-app.ts';
import { clientState } from './client-state.ts';
import { AUTHORISATION_CASES, NOT_CLIENT_OBJECTS } from './object-authorisation-cases.ts';

function exempt(path: string, field: string): boolean {
  return NOT_CLIENT_OBJECTS[`${path} ${field}`] !== undefined || NOT_CLIENT_OBJECTS[`* ${field}`] !== undefined;
}

describe('object-level authorisation over every id-taking route of the OpenAPI document', () => {
  let b: BatteryApp;
  let routes: ApiRoute[];
  beforeAll(async () => {
    b = await createBatteryApp();
    routes = await apiRoutes(b.t);
  });
  afterAll(() => b.t.close());

  it('has a case for every id field of every route (or a reason it names no client object)', () => {
    const missing: string[] = [];
    for (const route of routes) {
      const covered = new Set(AUTHORISATION_CASES[route.path]?.fields ?? []);
      for (const field of idFieldsOf(route)) {
        if (!covered.has(field) && !exempt(route.path, field)) missing.push(`${route.path} ${field}`);
      }
    }
    expect(missing, `id-taking routes without an authorisation case: ${missing.join(', ')}`).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
  });

  it('finds id fields by the rule at any depth, such as those of bids, pledge requests and reports to come', () => {
    const route: ApiRoute = {
      path: '/Future/Call',
      access: 'session',
      objectIdFields: ['holding'],
      request: {
        type: 'object',
        properties: {
          bidNo: { type: 'string' },
          pledge: { type: 'object', properties: { pledgeRequestId: { type: 'string' } } },
          reports: {
            type: 'array',
            items: { type: 'object', properties: { reportID: { type: 'string' }, period: { type: 'string' } } },
          },
          lines: { anyOf: [{ type: 'object', properties: { id: { type: 'string' } } }, { type: 'null' }] },
          holding: { type: 'string' },
          valid: { type: 'boolean' },
          isin: { type: 'string' },
          identity: { type: 'string' },
        },
      },
    };
    // 'valid' matches the rule too: the walker would ask for a case or a reason, never skip it silently.
    expect(idFieldsOf(route)).toEqual([
      'bidNo',
      'holding',
      'lines.id',
      'pledge.pledgeRequestId',
      'reports.[].reportID',
      'valid',
    ]);
  });

  it('has no case or exemption for a route or field the document no longer has', () => {
    const known = new Set(routes.flatMap((r) => idFieldsOf(r).map((f) => `${r.path} ${f}`)));
    const stale = [
      ...Object.entries(AUTHORISATION_CASES).flatMap(([path, c]) => c.fields.map((f) => `${path} ${f}`)),
      ...Object.keys(NOT_CLIENT_OBJECTS).filter((k) => !k.startsWith('* ')),
    ].filter((key) => !known.has(key));
    expect(stale).toEqual([]);
  });

  it.each(Object.entries(AUTHORISATION_CASES))(
    "%s refuses another client's id and changes nothing of theirs",
    async (path, c) => {
      const ids = await c.prepare(b);
      await b.t.app.oms.settled();
      const before = await clientState(b.t.db, c.victim);
      const cookie = c.cookie ? await c.cookie(b) : b.cookies.DEMO3;
      const answer = await b.t.call(path, c.data(b, ids), { cookie });
      await b.t.app.oms.settled();
      expect(answer.status).toBe(200);
      expect(
        { infoID: answer.infoID, ...(c.answer.data === undefined ? {} : { data: answer.data }) },
        answer.infoMsg,
      ).toEqual(c.answer);
      expect(await clientState(b.t.db, c.victim)).toEqual(before);
    },
  );
});
