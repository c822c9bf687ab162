import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  APP_ID_HEADER,
  type CallDef,
  type ErrorCode,
  type Result,
  SUCCESS_INFO_ID,
  allCodes,
  reject,
  requestEnvelopeSchema,
  invalidRequestText,
} from '@kite/domain';
import type { SessionContext } from './session-context.ts';

export interface CallContext {
  /** Present for every call whose access is not 'public'. */
  session: SessionContext | null;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The per-browser app id header, when sent (platform.md 7.1). */
  appId: string | undefined;
}

/** Session-scoped calls get a context whose session is never null. */
export interface SessionCallContext extends CallContext {
  session: SessionContext;
}

type Handler<C extends CallDef> = (
  data: z.output<C['request']>,
  ctx: C['access'] extends 'public' ? CallContext : SessionCallContext,
) => Promise<Result<z.output<C['response']>>>;

export interface Envelope {
  response: { infoID: string; infoMsg: string; data: unknown };
}

export function envelope(infoID: string, infoMsg: string, data: unknown = null): Envelope {
  return { response: { infoID, infoMsg, data } };
}

export function rejection(code: ErrorCode, message?: string): Envelope {
  return envelope(code, message ?? allCodes[code].message);
}

/** A clear, single-line account of what was wrong with the request data. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return allCodes.EGN001.message;
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return invalidRequestText(`${where}${issue.message}${more}`);
}

/** PostgreSQL text cannot hold U+0000: such a request is refused here rather than failing in the database. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    // Keys and values read in place: Object.entries would copy every pair of every request body.
    for (const key of Object.keys(value)) {
      if (key.includes('\u0000') || containsNul((value as Record<string, unknown>)[key])) return true;
    }
    return false;
  }
  return false;
}

export interface RegisterCallOptions {
  /**
   * False for AddOrder only: a placement need not wait for the client's earlier execution reports to be written;
   * its margin check reads the funds row under its lock, which already holds the blocks of the client's earlier
   * orders (a fill only moves its order's block to used margin).
   */
  awaitsReports?: boolean;
}

/**
 * The longest a call waits for the client's queued execution reports. With the database away they are retried until
 * it returns; the call then goes on and meets the same fault (EGN008) rather than hanging.
 */
export const REPORTS_WAIT_MS = 2_000;

async function reportsWritten(reports: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REPORTS_WAIT_MS);
  });
  await Promise.race([reports, bound]);
  clearTimeout(timer);
}

/**
 * Registers one call of the contract as POST /api<path>: envelope parse, session check, zod parse of the data,
 * handler, answer envelope. Business rejections answer HTTP 200 with their code (ARCHITECTURE.md, "A call").
 * A client's call runs after the execution reports queued for it so far are written: an order is answered once its
 * placement is committed, before the exchange's acceptance is (services/oms/README.md), and what the client reads
 * next must show it.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  handler: Handler<C>,
  options: RegisterCallOptions = {},
): void {
  const awaitsReports = options.awaitsReports !== false;
  app.post(`/api${def.path}`, async (request, reply) => {
    const session = request.session;
    if (def.access === 'session' && (!session || session.otpPending)) return rejection('EGN006');
    if (def.access === 'otp-pending' && !session) return rejection('EGN006');
    if (session && awaitsReports && app.hasDecorator('oms')) {
      const reports = app.oms.reportsQueued(session.clientId);
      if (reports) await reportsWritten(reports);
    }

    const outer = requestEnvelopeSchema.safeParse(request.body ?? {});
    if (!outer.success) return rejection('EGN001', describeIssues(outer.error));
    if (containsNul(outer.data.request.data))
      return rejection('EGN001', invalidRequestText('text must not contain the NUL character'));
    const parsed = def.request.safeParse(outer.data.request.data ?? {});
    if (!parsed.success) return rejection('EGN001', describeIssues(parsed.error));

    const appIdHeader = request.headers[APP_ID_HEADER];
    const appId = typeof appIdHeader === 'string' && appIdHeader.length > 0 ? appIdHeader : undefined;
    const ctx: CallContext = { session, request, reply, appId };
    const result = await handler(parsed.data as z.output<C['request']>, ctx as SessionCallContext);
    if (!result.ok) return envelope(result.code, result.message);
    if (app.config.validateResponses) {
      const check = def.response.safeParse(result.data);
      if (!check.success) throw new Error(`Response of ${def.path} breaks its schema: ${describeIssues(check.error)}`);
    }
    return envelope(result.infoID ?? SUCCESS_INFO_ID, result.message ?? 'Success', result.data);
  });
}

/** Convenience for rejections inside handlers. */
export { reject };
