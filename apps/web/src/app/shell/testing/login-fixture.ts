import type { AccountDetails } from '@kite/domain';
import type { LoginState } from '../../../lib/session/session-store.ts';

const allOff: AccountDetails = {
  user: 'DEMO',
  marginMode: 'M',
  mta_nse_permission: 'N',
  mta_bse_permission: 'N',
  shortsell_nse_permission: 'N',
  shortsell_bse_permission: 'N',
  equity_flag: 'N',
  bse_permission: 'N',
  fno_permission: 'N',
  fno_nse_spd_permission: 'N',
  cds_nse_permission: 'N',
  commodity_flag_mcx: 'N',
  commodity_flag_ncdex: 'N',
  shubh_plan_permission: 'N',
  fno_int_permission: 'N',
  span_permission: 'N',
};

/** A login state for tests: every permission off unless given. */
export function loginFixture(details: Partial<AccountDetails> = {}, patch: Partial<LoginState> = {}): LoginState {
  return {
    loggedIn: true,
    userId: 'DEMO1',
    userSessionId: 'session-1',
    accountDetails: { ...allOff, ...details },
    flags: {
      basketOrder: false,
      newPnlReport: false,
      spreadSearch: false,
      mergeEqCom: false,
      nonPoa: false,
      cugFlag: false,
      limitAgainstHolding: false,
    },
    clientName: 'Demo Client',
    lastLoginAt: null,
    demats: [{ dpType: 'CDSL', dpID: '12081600', dpAccount: '1208160000000001', poa: true }],
    showRiskDisclosure: false,
    ...patch,
  };
}

/** Answers fetch calls by API path, in the server's envelope. */
export function apiAnswers(answers: Record<string, { infoID?: string; infoMsg?: string; data?: unknown } | (() => never)>) {
  const calls: string[] = [];
  const fetchMock = async (input: RequestInfo | URL): Promise<Response> => {
    const path = String(input).replace(/^\/api/, '');
    calls.push(path);
    const answer = answers[path];
    if (answer === undefined) return new Response('not found', { status: 404, statusText: 'Not Found' });
    if (typeof answer === 'function') answer();
    const body = { response: { infoID: '0', infoMsg: 'Success', data: {}, ...(answer as object) } };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetchMock, calls };
}
