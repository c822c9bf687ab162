import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { STREAM_PATH } from '@kite/domain';
import type { MarketDataBus } from './market-data-bus.ts';
import type { StreamAuthenticator } from './stream-authenticator.ts';
import { StreamGateway, type GatewayOptions } from './stream-gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The market-data bus the exchange publishes into. */
    marketData: MarketDataBus;
    /** The websocket gateway: pushToClient(clientId, item) for order updates. */
    stream: StreamGateway;
  }
}

export interface StreamPluginOptions {
  bus: MarketDataBus;
  authenticator: StreamAuthenticator;
  gateway?: Partial<GatewayOptions>;
}

/** Client messages are small: a subscribe of 200 keys is well under this. */
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;

/** The live stream at GET /stream (websocket upgrade); see packages/domain/src/contract/stream.ts for the messages. */
export const streamPlugin = fp(async (app: FastifyInstance, options: StreamPluginOptions) => {
  const gateway = new StreamGateway({
    bus: options.bus,
    authenticator: options.authenticator,
    ...(options.gateway ? { options: options.gateway } : {}),
    onError: (error) => app.log.error({ err: error }, 'stream gateway'),
  });
  app.decorate('marketData', options.bus);
  app.decorate('stream', gateway);
  app.addHook('onClose', async () => gateway.close());
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
    scope.get(STREAM_PATH, { websocket: true }, (socket) => gateway.handleConnection(socket));
  });
});
