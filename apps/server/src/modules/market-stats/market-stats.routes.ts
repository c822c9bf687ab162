import type { FastifyInstance } from 'fastify';
import {
  ok,
  statsAdvanceDecline,
  statsCalendar,
  statsFiiDii,
  statsFnoAdvanceDecline,
  statsIntradayDeals,
  statsOiBuildup,
  statsScreener,
  statsSectors,
  statsSegmentOverview,
  statsUnusualActivity,
  statsGapUpDown,
  statsHeatmap,
  statsIndices,
  statsMostActive,
  statsOpenInterest,
  statsPutCallRatio,
  statsYearHighLow,
} from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { allIndices } from '../market/index-quote.ts';
import { marketCalendar } from './calendar.ts';
import { intradayDeals } from './deals.ts';
import { fiiDiiActivity } from './fii-dii.ts';
import { fnoAdvanceDecline } from './fno-breadth.ts';
import { advanceDecline, heatmap, indicesWithBreadth, screener } from './market-stats.service.ts';
import { oiBuildup, openInterestRanking, putCallRatios, segmentOverview, unusualActivity } from './open-interest.ts';
import { gappers, mostActive, nearYearExtreme } from './ranked-lists.ts';
import { sectorPerformance } from './sectors.ts';

/** /MarketStats/* (investing.md 2, 7): statistics of the simulated market at the server's clock; nothing is stored. */
export async function marketStatsRoutes(app: FastifyInstance): Promise<void> {
  const market = () => app.marketRuntime.market;

  registerCall(app, statsIndices, async () =>
    ok({ indices: indicesWithBreadth(market(), allIndices(app.marketRuntime.indices)) }),
  );
  registerCall(app, statsAdvanceDecline, async () => ok({ exchanges: advanceDecline(market()) }));
  registerCall(app, statsMostActive, async ({ exc, by, recordcount }) =>
    ok({ rows: mostActive(market(), exc, by, recordcount) }),
  );
  registerCall(app, statsYearHighLow, async ({ exc, side, recordcount }) =>
    ok({ rows: nearYearExtreme(market(), exc, side, recordcount) }),
  );
  registerCall(app, statsGapUpDown, async ({ exc, direction, recordcount }) =>
    ok({ rows: gappers(market(), exc, direction, recordcount) }),
  );
  registerCall(app, statsHeatmap, async ({ index }) => heatmap(market(), index));
  registerCall(app, statsOpenInterest, async ({ kind, rank, recordcount }) =>
    ok({ rows: openInterestRanking(market(), kind, rank, recordcount) }),
  );
  registerCall(app, statsPutCallRatio, async () => ok({ indices: putCallRatios(market()) }));
  registerCall(app, statsCalendar, async ({ weeks }) => ok(marketCalendar(market(), app.clock.now(), weeks)));
  registerCall(app, statsFiiDii, async ({ days }) =>
    ok({
      simulated: true as const,
      days: fiiDiiActivity(app.config.market.seed, market().calendar, app.clock.now(), days),
    }),
  );
  registerCall(app, statsIntradayDeals, async ({ exc, kind }) =>
    ok({ simulated: true as const, ...intradayDeals(market(), app.config.market.seed, exc, kind, app.clock.now()) }),
  );
  registerCall(app, statsScreener, async ({ exc, screen, index, recordcount }) =>
    screener(market(), exc, screen, index, recordcount),
  );
  registerCall(app, statsFnoAdvanceDecline, async () => ok(fnoAdvanceDecline(market())));
  registerCall(app, statsOiBuildup, async ({ kind, buildup, recordcount }) =>
    ok({ rows: oiBuildup(market(), kind, buildup, recordcount) }),
  );
  registerCall(app, statsUnusualActivity, async ({ kind, recordcount }) =>
    ok({ rows: unusualActivity(market(), kind, recordcount) }),
  );
  registerCall(app, statsSegmentOverview, async ({ segment }) => ok({ rows: segmentOverview(market(), segment) }));
  registerCall(app, statsSectors, async ({ exc, universe }) =>
    ok({ sectors: sectorPerformance(market(), exc, universe) }),
  );
}
