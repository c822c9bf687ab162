import type { FastifyInstance } from 'fastify';
import { getDematPaymentDetails, initiateDematPayment, lookupDematDues } from '@kite/domain';
import { registerSimulatedGatewayCalls } from '../../adapters/payment-gateway/simulated-gateway.routes.ts';
import { registerCall } from '../../plugins/calls.ts';
import { FixedWindowLimiter, sendOverLimit } from '../../plugins/rate-limit.ts';
import { CAPTCHA_COOKIE, drawCaptcha, storeCaptcha } from './captcha.ts';
import { PaymentService } from './payment.service.ts';

const CAPTCHAS_PER_MINUTE = 30;

/** Public demat-charges payment pages' calls (platform.md 2.6, 7.3) and the simulated payment provider. */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const settings = app.config.payment;
  const gateway = app.paymentGateway;
  const service = new PaymentService(app.db, gateway, settings);
  const captchaLimiter = new FixedWindowLimiter(CAPTCHAS_PER_MINUTE, 60_000);
  // Outside production the e2e tests read the answer of their own captcha, as they read OTPs from /dev/outbox.
  const devAnswers = app.config.devOutbox ? new Map<string, string>() : null;

  // platform.md 7.2 /generateCaptcha: a 200x50 image; ?t=<timestamp> only defeats caches.
  app.get('/generateCaptcha', async (request, reply) => {
    if (!captchaLimiter.allow(request.ip)) return sendOverLimit(reply, captchaLimiter, request.ip);
    const { text, svg } = drawCaptcha();
    const id = await storeCaptcha(app.db, text, settings.captchaTtlMs);
    if (devAnswers) {
      if (devAnswers.size > 1000) devAnswers.clear();
      devAnswers.set(id, text);
    }
    return reply
      .setCookie(CAPTCHA_COOKIE, id, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: Math.floor(settings.captchaTtlMs / 1000),
      })
      .header('cache-control', 'no-store')
      .type('image/svg+xml')
      .send(svg);
  });

  if (devAnswers) {
    app.get('/dev/captcha', async (request, reply) => {
      const id = request.cookies[CAPTCHA_COOKIE];
      const answer = id ? devAnswers.get(id) : undefined;
      return reply.header('cache-control', 'no-store').send({ answer: answer ?? null });
    });
  }

  registerCall(app, lookupDematDues, async ({ dematAccountNumber, captchaCode }, { request, reply }) => {
    const result = await service.lookup(dematAccountNumber, captchaCode, request.cookies[CAPTCHA_COOKIE]);
    // The captcha is used up either way (platform.md 8: the page then shows a new one).
    reply.clearCookie(CAPTCHA_COOKIE, { path: '/' });
    return result;
  });

  registerCall(app, getDematPaymentDetails, async ({ params }) => service.details(params));

  registerCall(app, initiateDematPayment, async ({ params }, { appId }) => service.initiate(params, appId));

  registerSimulatedGatewayCalls(app, gateway);
}
