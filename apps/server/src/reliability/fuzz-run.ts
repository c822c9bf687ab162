import fc from 'fast-check';
import { APP_VERSION, NON_ERROR_CODES, SUCCESS_INFO_ID } from '@kite/domain';
import { signIn } from '../modules/account/account-test-support.ts';
import { apiRoutes, type ApiRoute } from './api-routes.ts';
import { createBatteryApp, type BatteryApp } from './battery-app.ts';
import { clientDigest } from './client-state.ts';
import { junk, requestDataArbitrary, type Hints } from './json-schema-arbitrary.ts';
import { nearestContract } from '../test/contracts.ts';

/** The client every fuzzed call is made as. */
export const FUZZ_CLIENT = 'DEMO1';

/** Clients the fuzz must never touch. */
const OTHER_CLIENTS = ['DEMO2', 'DEMO3'];

/** Limits that would otherwise turn most fuzzed auth calls into "too many requests" or lock the fuzzing client out. */
export const FUZZ_ENV: Record<string, string> = {
  LOGIN_LOCKOUT_LIMIT: '1000000',
  AUTH_RATE_MAX_PER_IP: '1000000',
  AUTH_RATE_MAX_PER_USER: '1000000',
  KEY_EXCHANGE_PER_MINUTE: '1000000',
  ORDER_RATE_MAX_PER_CLIENT: '1000000',
};

type Body = { kind: 'envelope'; data: unknown } | { kind: 'raw'; value: unknown } | { kind: 'text'; text: string };

/** Mostly well-formed envelopes around random data; sometimes no envelope at all, or text that is not JSON. */
function bodyArbitrary(route: ApiRoute, hints: Hints): fc.Arbitrary<Body> {
  return fc.oneof(
    {
      weight: 18,
      arbitrary: requestDataArbitrary(route.request, hints).map((data): Body => ({ kind: 'envelope', data })),
    },
    { weight: 1, arbitrary: junk.map((value): Body => ({ kind: 'raw', value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"request":', 'null', '', '\u0000', '{"request":{"data":}}')
        .map((text): Body => ({ kind: 'text', text })),
    },
  );
}

function payloadOf(body: Body): string {
  switch (body.kind) {
    case 'envelope':
      return JSON.stringify({ request: { data: body.data, appVersion: APP_VERSION } });
    case 'raw':
      return JSON.stringify(body.value) ?? 'null';
    case 'text':
      return body.text;
  }
}

/** Real values for properties of these names, so random bodies also get past the lookups. */
async function hintsOf(b: BatteryApp): Promise<Hints> {
  const { t } = b;
  const symbols = [
    b.sym('NSE', 'SBIN-EQ'),
    b.sym('NSE', 'TCS-EQ'),
    b.sym('NFO', nearestContract(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDX').trSymbol),
    b.sym('NFO', nearestContract(t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDXSPR').trSymbol),
  ];
  const cookie = b.cookies.DEMO1;
  const order = await t.call<{ orderId: string }>('/Trade/AddOrder', b.restingOrder('TCS-EQ'), { cookie });
  const basket = await t.call<{ id: string }>('/Basket/AddBasket', { name: 'Fuzz' }, { cookie });
  const groups = await t.call<{ groups: { id: string }[] }>('/Watchlist/ListGroups', {}, { cookie });
  const { rows } = await t.db.query<{ dp_id: string }>(
    'SELECT d.dp_id FROM demat_accounts d JOIN clients c ON c.id = d.client_id WHERE c.user_id = $1',
    [FUZZ_CLIENT],
  );
  const orderIds = fc.constantFrom(order.data.orderId, '1', '0');
  const ownIds = fc.constantFrom(basket.data.id, ...groups.data.groups.map((g) => g.id), 'P-NIFTY50');
  const user = fc.constantFrom(FUZZ_CLIENT, FUZZ_CLIENT.toLowerCase(), 'DEMO2');
  return {
    sym: fc.constantFrom(...symbols),
    // A saved chart's main and comparison symbols (/Chart/ChartPreferences).
    symObj: fc.constantFrom(...symbols),
    comparisons: fc.array(fc.constantFrom(...symbols), { maxLength: 4 }),
    symbolId: fc.constantFrom(...symbols.map((s) => s.id)),
    orderId: orderIds,
    syomOrderId: orderIds,
    nestRequestId: orderIds,
    id: ownIds,
    watchId: ownIds,
    // Own object ids, and instrument ids for /Business/TradeHistory's security code.
    uniqueId: fc.oneof(ownIds, fc.constantFrom(...symbols.map((s) => s.id))),
    userId: user,
    userid: user,
    clientId: user,
    clientId1: user,
    dpId: fc.constantFrom(...rows.map((r) => r.dp_id)),
    qty: fc.constantFrom('1', '10', '0', '-1', '1000000000'),
    limitPrice: fc.constantFrom('0', '800.05', '800.10', '-1'),
    transactionType: fc.constantFrom('buy', 'SELL'),
    dematAccountNumber: fc.constantFrom('1208160000000001', '1208160000000002'),
    // IPO bids name the client's demat by its beneficiary id (/IPO/AddIPO, /IPO/ValidateDematAcc).
    clientBenId: fc.constantFrom('1208160000000001', '1208160000000002'),
    dematAcc: fc.constantFrom('1208160000000001', '1208160000000002'),
    symbol: fc.constantFrom('SAHYADRI', 'NARMADAFIN', 'VINDHYA', 'NOSUCHIPO'),
  };
}

export interface FuzzOptions {
  /** Random bodies per route. */
  runs: number;
  /** A fixed seed makes a run repeatable (the fast suite); without one fast-check picks and reports it. */
  seed?: number;
}

export interface FuzzReport {
  routes: number;
  calls: number;
  refused: number;
  /** Answer codes per route: how far the random bodies got (validation, lookups, success). */
  codes: Record<string, Record<string, number>>;
}

/** Whether the body was refused: any answer code but success and the spec's two informational codes. */
function refused(infoID: string): boolean {
  return infoID !== SUCCESS_INFO_ID && !NON_ERROR_CODES.has(infoID);
}

/**
 * For every route of the OpenAPI document, random bodies sent as a signed-in client: never a 5xx, always the answer
 * envelope, a refusal changes none of the client's trading rows, and the server still answers its health checks.
 */
export async function fuzzEveryRoute(options: FuzzOptions): Promise<FuzzReport> {
  const b = await createBatteryApp(FUZZ_ENV);
  const report: FuzzReport = { routes: 0, calls: 0, refused: 0, codes: {} };
  try {
    const hints = await hintsOf(b);
    let cookie = b.cookies.DEMO1;
    const routes = await apiRoutes(b.t);
    // The bodies name DEMO2 in id fields now and then: nothing of another client may change, refused or not.
    const othersOf = () => Promise.all(OTHER_CLIENTS.map((userId) => clientDigest(b.t.db, userId)));
    const others = JSON.stringify(await othersOf());
    for (const [index, route] of routes.entries()) {
      report.routes += 1;
      const codes: Record<string, number> = (report.codes[route.path] = {});
      await fc.assert(
        fc.asyncProperty(bodyArbitrary(route, hints), async (body) => {
          const before = await clientDigest(b.t.db, FUZZ_CLIENT);
          const response = await b.t.app.inject({
            method: 'POST',
            url: `/api${route.path}`,
            headers: { 'content-type': 'application/json', cookie },
            payload: payloadOf(body),
          });
          await b.t.app.oms.settled();
          report.calls += 1;
          if (response.statusCode >= 500)
            throw new Error(`${route.path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
          const answer = (response.json() as { response?: { infoID?: unknown; infoMsg?: unknown } }).response;
          if (typeof answer?.infoID !== 'string' || typeof answer.infoMsg !== 'string') {
            throw new Error(`${route.path} answered outside the envelope: ${response.body.slice(0, 300)}`);
          }
          codes[answer.infoID] = (codes[answer.infoID] ?? 0) + 1;
          if (!refused(answer.infoID)) return;
          report.refused += 1;
          const after = await clientDigest(b.t.db, FUZZ_CLIENT);
          const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
          if (changed.length > 0) {
            throw new Error(
              `${route.path} refused with ${answer.infoID} (${answer.infoMsg}) yet changed ${changed.join(', ')}`,
            );
          }
        }),
        { numRuns: options.runs, ...(options.seed === undefined ? {} : { seed: options.seed + index }) },
      );
      if (JSON.stringify(await othersOf()) !== others)
        throw new Error(`${route.path} changed another client's trading rows`);
      // A fuzzed Logout (or a password change) may end the session: sign in again for the next route.
      const session = await b.t.call<{ valid: boolean }>('/Account/ValidateSession', {}, { cookie });
      if (!session.data.valid) cookie = await signIn(b.t, FUZZ_CLIENT);
    }
    for (const url of ['/healthz', '/readyz']) {
      const health = await b.t.app.inject({ method: 'GET', url });
      if (health.statusCode !== 200) throw new Error(`${url} answered ${health.statusCode} after the fuzz`);
    }
    return report;
  } finally {
    await b.t.close();
  }
}
