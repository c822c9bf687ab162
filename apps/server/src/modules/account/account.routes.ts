import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changePassword,
  changeTpin,
  dormantCheck,
  dormantRegenerateOtp,
  dormantVerifyOtp,
  forgotTpin,
  generateOtp,
  getClientId,
  limitAgainstHolding,
  login,
  logout,
  mtfActivation,
  ok,
  resetPassword,
  resetTpin,
  riskDisclosure,
  sendLoginOtp,
  unlockAccount,
  validateLoginOtp,
  validateSession,
  verifyContactEmail,
  verifyOtp,
  verifyPan,
} from '@kite/domain';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import { registerCall } from '../../plugins/calls.ts';
import type { AccountDeps } from './account-deps.ts';
import type { RequestMeta } from './audit.repo.ts';
import * as clients from './client.service.ts';
import * as credentials from './credentials.service.ts';
import * as dormant from './dormant.service.ts';
import * as sessions from './login.service.ts';
import { limitCalls } from './rate-limit.ts';
import * as recovery from './recovery.service.ts';

/** Where a request came from, for an audit row (also the IPO calls'). */
export function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Account, login and session calls (platform.md 7.2). Handlers are thin: the rules live in the services. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const deps: AccountDeps = {
    db: app.db,
    config: app.config,
    delivery: app.delivery,
    sessions: app.sessionCache,
    endSockets: (sessionIds) => {
      if (!app.hasDecorator('stream')) return;
      for (const id of sessionIds) app.stream.closeSession(id);
    },
  };

  limitCalls(
    app,
    [login, sendLoginOtp, validateLoginOtp, verifyPan, generateOtp, verifyOtp, resetPassword, unlockAccount, getClientId, dormantCheck, dormantRegenerateOtp, dormantVerifyOtp].map(
      (call) => call.path,
    ),
  );

  registerCall(app, login, async (data, { request, reply }) => {
    const result = await sessions.login(deps, data, metaOf(request), request.cookies[SESSION_COOKIE]);
    if (!result.ok) return result;
    setSessionCookie(request, reply, result.data.sessionToken);
    return ok(result.data.answer);
  });
  registerCall(app, sendLoginOtp, (data, { session, request }) => sessions.resendLoginOtp(deps, session, data, metaOf(request)));
  registerCall(app, validateLoginOtp, async (data, { session, request, reply }) => {
    const result = await sessions.validateLoginOtp(deps, session, data, metaOf(request));
    if (!result.ok) return result;
    setSessionCookie(request, reply, result.data.sessionToken);
    return ok(result.data.answer);
  });
  registerCall(app, logout, async (_data, { session, request, reply }) => {
    clearSessionCookie(request, reply);
    return sessions.logout(deps, session, metaOf(request));
  });
  registerCall(app, validateSession, async (_data, { session }) =>
    ok(session && !session.otpPending ? { valid: true, userId: session.userId } : { valid: false, userId: null }),
  );

  registerCall(app, verifyPan, (data, { request }) => recovery.verifyPan(deps, data, metaOf(request)));
  registerCall(app, generateOtp, (data, { request }) => recovery.generateRecoveryOtp(deps, data, metaOf(request)));
  registerCall(app, verifyOtp, (data, { request }) => recovery.verifyRecoveryOtp(deps, data, metaOf(request)));
  registerCall(app, resetPassword, (data, { request }) => recovery.resetPassword(deps, data, metaOf(request)));
  registerCall(app, unlockAccount, (data, { request }) => recovery.unlockAccount(deps, data, metaOf(request)));
  registerCall(app, getClientId, (data, { request }) => recovery.sendClientId(deps, data, metaOf(request)));

  registerCall(app, resetTpin, (_data, { session, request }) => credentials.resetTpin(deps, session, metaOf(request)));
  registerCall(app, changePassword, (data, { session, request }) => credentials.changePassword(deps, session, data, metaOf(request)));
  registerCall(app, changeTpin, (data, { session, request }) => credentials.changeTpin(deps, session, data, metaOf(request)));
  registerCall(app, forgotTpin, (data, { session, request }) => credentials.forgotTpin(deps, session, data, metaOf(request)));

  registerCall(app, verifyContactEmail, (data, { session }) => clients.verifyContactEmail(deps, session, data));
  registerCall(app, mtfActivation, (_data, { session, request }) => clients.mtfActivation(deps, session, metaOf(request)));
  registerCall(app, limitAgainstHolding, (data, { session, request }) => clients.limitAgainstHolding(deps, session, data, metaOf(request)));
  registerCall(app, riskDisclosure, (_data, { session, request }) => clients.acknowledgeRiskDisclosure(deps, session, metaOf(request)));

  registerCall(app, dormantCheck, (data, { request }) => dormant.dormantCheck(deps, data, metaOf(request)));
  registerCall(app, dormantRegenerateOtp, (data, { request }) => dormant.dormantRegenerateOtp(deps, data, metaOf(request)));
  registerCall(app, dormantVerifyOtp, (data, { request }) => dormant.dormantVerifyOtp(deps, data, metaOf(request)));
}
