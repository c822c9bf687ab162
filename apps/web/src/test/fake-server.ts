import { vi } from 'vitest';

export interface FakeAnswer {
  infoID?: string;
  infoMsg?: string;
  data?: unknown;
}

/** Stands in for the server in jsdom tests: answers by API path, records every request's data. */
export function fakeServer(handlers: Record<string, (data: Record<string, unknown>) => FakeAnswer>) {
  const calls: { path: string; data: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    const body = JSON.parse(String(init?.body ?? '{}')) as { request?: { data?: Record<string, unknown> } };
    const data = body.request?.data ?? {};
    calls.push({ path, data });
    const handler = handlers[path];
    const answer = handler ? handler(data) : { infoID: 'EGN404', infoMsg: `no handler for ${path}` };
    return new Response(
      JSON.stringify({ response: { infoID: answer.infoID ?? '0', infoMsg: answer.infoMsg ?? 'Success', data: answer.data ?? null } }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, paths: () => calls.map((call) => call.path) };
}

export const accountDetails = {
  user: 'DEMO1',
  marginMode: 'M',
  mta_nse_permission: 'N',
  mta_bse_permission: 'N',
  shortsell_nse_permission: 'N',
  shortsell_bse_permission: 'N',
  equity_flag: 'Y',
  bse_permission: 'Y',
  fno_permission: 'Y',
  fno_nse_spd_permission: 'N',
  cds_nse_permission: 'N',
  commodity_flag_mcx: 'N',
  commodity_flag_ncdex: 'N',
  shubh_plan_permission: 'N',
  fno_int_permission: 'N',
  span_permission: 'N',
} as const;

export function signedInAnswer(userId: string, riskDisclosure = true) {
  return {
    otpRequired: false,
    userId,
    userSessionId: 'sess-1',
    accountDetails: { ...accountDetails, user: userId },
    flags: { basketOrder: true, newPnlReport: false, spreadSearch: false, mergeEqCom: false, nonPoa: false },
    cugFlag: false,
    LIMITAGAINSTHOLDINGFLAG: false,
    MergeEqCom: false,
    riskDisclosure,
    clientName: 'Demo Client',
    lastLoginAt: null,
    demats: [{ dpType: 'CDSL' as const, dpID: '12081600', dpAccount: '1208160000000001', poa: true }],
  };
}
