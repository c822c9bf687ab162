import type { FastifyInstance } from 'fastify';
import { worldIndices } from '@kite/domain';
import { createWorldMarketsFeed } from '../../adapters/world-markets/world-indices.ts';
import { registerCall } from '../../plugins/calls.ts';
import { worldMarketsService } from './world-markets.service.ts';

/** /Market/WorldIndices (investing.md 7): the simulated world-markets feed at the server's clock. */
export async function worldMarketsRoutes(app: FastifyInstance): Promise<void> {
  const service = worldMarketsService({
    feed: createWorldMarketsFeed(app.config.market.seed),
    now: () => app.clock.now(),
  });
  registerCall(app, worldIndices, async () => service.indices());
}
