import type { FastifyInstance, FastifyReply } from 'fastify';
import { decideEdis, edisRequest, type EdisAction } from '../../services/portfolio/edis.ts';
import { tradingDayOf } from '../../services/portfolio/instruments.ts';
import { edisFormPage, edisResultPage, notFoundPage } from './edis-page.ts';
import {
  decideGateway,
  type GatewayAction,
  gatewayRequest,
  nsdlFormIntake,
} from '../../modules/pledge/pledge-gateway.ts';
import { pledgeService } from '../../modules/pledge/pledge.service.ts';
import { pledgeText } from '@kite/domain';
import { pledgeFormPage, pledgeRefusedPage, pledgeResultPage } from './pledge-page.ts';

/** Where the answer page sends the client back to (the app's dashboard). */
const RETURN_URL = '/home/dashboard';
/** Where the CDSL pledge page sends the client back to (the app's pledge screen). */
const PLEDGE_RETURN_URL = '/home/PoaPledge';
const FORM_LIMIT = 4096;

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(body);
}

/**
 * The simulated depository e-DIS pages (trading.md 4.2: the app posts its form to the depository by DP type).
 * GET or a POST without an action shows the form; POST action approve (with tpin) checks the TPIN and sends the OTP,
 * action otp (with otp) decides, action cancel cancels.
 * They sit outside /api: the depository is another site and knows no broker session; the request number (random,
 * 128 bits) names the request and the client's TPIN authorises it.
 */
export async function depositoryRoutes(app: FastifyInstance): Promise<void> {
  // The depository's form posts are url-encoded; parsed only in this plugin's scope.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const show = async (requestNo: string, reply: FastifyReply): Promise<FastifyReply> => {
    const request = await edisRequest(app.db, requestNo);
    if (!request) return html(reply, 404, notFoundPage());
    if (request.status !== 'PENDING' && request.flag)
      return html(reply, 200, edisResultPage(request, request.flag, request.message, RETURN_URL));
    return html(reply, 200, edisFormPage(request));
  };

  app.get<{ Params: { requestNo: string } }>('/depository/edis/:requestNo', async (request, reply) =>
    show(request.params.requestNo, reply),
  );

  app.post<{ Params: { requestNo: string }; Body: Record<string, string> | undefined }>(
    '/depository/edis/:requestNo',
    async (request, reply) => {
      const form = request.body && typeof request.body === 'object' ? request.body : {};
      const field = (name: string): string => (typeof form[name] === 'string' ? form[name].trim() : '');
      const answer: EdisAction | null =
        form.action === 'cancel'
          ? { action: 'cancel' }
          : form.action === 'approve'
            ? { action: 'approve', tpin: field('tpin') }
            : form.action === 'otp'
              ? { action: 'otp', otp: field('otp') }
              : null;
      if (!answer) return show(request.params.requestNo, reply);
      const decision = await decideEdis(
        app.db,
        app.marketRuntime.market,
        request.params.requestNo,
        answer,
        tradingDayOf(app.clock.now()),
        (contact, message) => app.delivery.sendToClient(contact, message),
      );
      if (decision.kind === 'not-found') return html(reply, 404, notFoundPage());
      if (decision.kind === 'retry') return html(reply, 200, edisFormPage(decision.request, decision.message));
      return html(reply, 200, edisResultPage(decision.request, decision.Flag, decision.Message, RETURN_URL));
    },
  );

  const pledges = pledgeService({ db: app.db, market: () => app.marketRuntime.market, now: () => app.clock.now() });

  const showPledge = async (requestNo: string, reply: FastifyReply): Promise<FastifyReply> => {
    const view = await gatewayRequest(app.db, requestNo);
    if (!view) return html(reply, 404, notFoundPage());
    if (view.status !== 'PENDING') {
      return html(reply, 200, pledgeResultPage(view, view.status === 'SUCCESS', view.message, PLEDGE_RETURN_URL));
    }
    return html(reply, 200, pledgeFormPage(view));
  };

  // investing.md 7 "NSDL gateway": the app's form post (opened beside the app, which polls the status).
  app.post<{ Body: Record<string, string> | undefined }>('/depository/pledge/nsdl', async (request, reply) => {
    const form = request.body && typeof request.body === 'object' ? request.body : {};
    const intake = await nsdlFormIntake(app.db, pledges, form);
    if (intake.kind === 'not-found') return html(reply, 404, notFoundPage());
    if (intake.kind === 'unauthorised')
      return html(reply, 403, pledgeRefusedPage(pledgeText.depository.ipUnauthorised));
    if (intake.kind === 'failed') return html(reply, 200, pledgeRefusedPage(intake.message));
    return reply.redirect(`/depository/pledge/${intake.requestNo}`, 303);
  });

  app.get<{ Params: { requestNo: string } }>('/depository/pledge/:requestNo', async (request, reply) =>
    showPledge(request.params.requestNo, reply),
  );

  app.post<{ Params: { requestNo: string }; Body: Record<string, string> | undefined }>(
    '/depository/pledge/:requestNo',
    async (request, reply) => {
      const form = request.body && typeof request.body === 'object' ? request.body : {};
      const answer: GatewayAction | null =
        form.action === 'cancel'
          ? { action: 'cancel' }
          : form.action === 'send'
            ? { action: 'send' }
            : form.action === 'otp'
              ? { action: 'otp', otp: typeof form.otp === 'string' ? form.otp.trim() : '' }
              : null;
      if (!answer) return showPledge(request.params.requestNo, reply);
      const decision = await decideGateway(
        app.db,
        app.marketRuntime.market,
        request.params.requestNo,
        answer,
        tradingDayOf(app.clock.now()),
        (contact, message) => app.delivery.sendToClient(contact, message),
      );
      if (decision.kind === 'not-found') return html(reply, 404, notFoundPage());
      if (decision.kind === 'retry') {
        return html(reply, 200, pledgeFormPage(decision.view, decision.message, answer.action === 'otp'));
      }
      return html(reply, 200, pledgeResultPage(decision.view, decision.approved, decision.message, PLEDGE_RETURN_URL));
    },
  );
}
