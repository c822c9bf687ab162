import type { FastifyInstance } from 'fastify';
import { getResearchCalls } from '@kite/domain';
import { createSimulatedResearchVendor } from '../../adapters/research-vendor/simulated-research-vendor.ts';
import { registerCall } from '../../plugins/calls.ts';
import { ideasService } from './ideas.service.ts';

/** /Ideas/GetResearchCalls (investing.md 7 "ideas"): public research, the same for every signed-in client. */
export async function ideasRoutes(app: FastifyInstance): Promise<void> {
  const service = ideasService({
    db: app.db,
    now: () => app.clock.now(),
    market: () => app.marketRuntime.market,
    vendor: createSimulatedResearchVendor(app.config.market.seed),
  });
  registerCall(app, getResearchCalls, (request) => service.researchCalls(request));
}
