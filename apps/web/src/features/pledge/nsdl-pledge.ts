import {
  NSDL_MAX_ERROR_POLLS,
  NSDL_MAX_WAITING_POLLS,
  NSDL_POLL_MS,
  nsdlPollOutcome,
  nsdlSecurityDetails,
  pledgeRequestReference,
  type NsdlStatusReply,
  type PledgeDemat,
  type PledgeSecurity,
} from '@kite/domain';

/**
 * The NSDL pledge (investing.md 4 "Pledge (depository)" (a)): a unique number, the security details, the request
 * reference kept in session, the form posted to the NSDL gateway beside the app, then a status poll every 2 s until
 * it names the reference, UNAUTHORISED or FAILED; 15 waiting or 10 failed polls end it.
 */

export interface NsdlLine {
  isinName: string;
  msg: string;
}

export type NsdlResult =
  | { kind: 'success'; message: string; lines: NsdlLine[] }
  | { kind: 'unauthorised' }
  | { kind: 'failed'; lines: NsdlLine[] }
  | { kind: 'gave-up' };

export interface NsdlFlowDeps {
  uniqueNo: () => Promise<string>;
  status: (reference: string) => Promise<NsdlStatusReply>;
  /** Posts the gateway form (a new window on the web). */
  postForm: (fields: Record<string, string>) => void;
  storeReference: (reference: string) => void;
  wait: (ms: number) => Promise<void>;
}

/** The gateway path of the simulated NSDL (apps/server/src/adapters/depository). */
export const NSDL_GATEWAY = '/depository/pledge/nsdl';

function linesOf(reply: NsdlStatusReply): NsdlLine[] {
  try {
    const parsed: unknown = JSON.parse(reply.pledgeSymbolArray);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: { isinName?: unknown; msg?: unknown }) =>
      typeof item.isinName === 'string' && typeof item.msg === 'string'
        ? [{ isinName: item.isinName, msg: item.msg }]
        : [],
    );
  } catch {
    return [];
  }
}

export async function runNsdlPledge(
  demat: PledgeDemat,
  userId: string,
  securities: readonly PledgeSecurity[],
  deps: NsdlFlowDeps,
): Promise<NsdlResult> {
  const uniqueNo = await deps.uniqueNo();
  const reference = pledgeRequestReference('W', uniqueNo);
  deps.storeReference(reference);
  deps.postForm({
    dpId: demat.dpId,
    clientId: userId,
    appKey: demat.apiKey ?? '',
    appName: 'KITE',
    noOfSecurities: String(securities.length),
    requestType: 'PLEDGE',
    source: 'W',
    secDtls: JSON.stringify(nsdlSecurityDetails(uniqueNo, securities)),
    requestReference: reference,
    dematAcc: demat.pledgerDemat,
    symbol: securities.map((s) => s.symbol).join(','),
  });
  let waiting = 0;
  let errors = 0;
  for (;;) {
    await deps.wait(NSDL_POLL_MS);
    let reply: NsdlStatusReply;
    try {
      reply = await deps.status(reference);
    } catch {
      errors += 1;
      if (errors >= NSDL_MAX_ERROR_POLLS) return { kind: 'gave-up' };
      continue;
    }
    const outcome = nsdlPollOutcome(reply.pledgeStatus, reference);
    if (outcome === 'success') return { kind: 'success', message: reply.Message, lines: linesOf(reply) };
    if (outcome === 'unauthorised') return { kind: 'unauthorised' };
    if (outcome === 'failed') return { kind: 'failed', lines: linesOf(reply) };
    waiting += 1;
    if (waiting >= NSDL_MAX_WAITING_POLLS) return { kind: 'gave-up' };
  }
}

/** Posts the fields to the NSDL gateway in a new window, as the browser form post of the spec. */
export function postNsdlForm(fields: Record<string, string>): void {
  const target = 'nsdl-pledge';
  window.open('', target);
  const form = document.createElement('form');
  form.method = 'post';
  form.action = NSDL_GATEWAY;
  form.target = target;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}
