import type { FastifyInstance } from 'fastify';
import { completeGatewayTransaction, getGatewayTransaction, ok, reject } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import type { PaymentGateway } from './payment-gateway.ts';

/** The simulated provider's own calls, made by its popup page (/atom-payment in the web app). */
export function registerSimulatedGatewayCalls(app: FastifyInstance, gateway: PaymentGateway): void {
  registerCall(app, getGatewayTransaction, async ({ atomTokenID, merchID }) => {
    const found = await gateway.find(atomTokenID, merchID);
    if (!found) return reject('PAY006');
    return ok({
      atomTokenID: found.atomTokenID,
      merchID: found.merchId,
      merchantName: found.merchantName,
      amount: found.amountPaise,
      reference: found.reference,
      status: found.status,
    });
  });

  registerCall(app, completeGatewayTransaction, async ({ atomTokenID, merchID, outcome }) => {
    const answer = await gateway.complete(atomTokenID, merchID, outcome);
    if (!answer.ok) return reject(answer.reason === 'not-found' ? 'PAY006' : 'PAY007');
    const { status, msg, transID, returnUrl } = answer.outcome;
    const query = new URLSearchParams({ status, msg, transID });
    // A return URL may carry the merchant's own query (the fund transfer page names its pay-in).
    const separator = returnUrl.includes('?') ? '&' : '?';
    return ok({ status, msg, transID, returnUrl: `${returnUrl}${separator}${query.toString()}` });
  });
}
