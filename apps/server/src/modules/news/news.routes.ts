import type { FastifyInstance } from 'fastify';
import {
  commodityNews,
  currencyNews,
  derivativeSymbolNews,
  getLiveNews,
  getLiveNewsDetails,
  sectorWiseNews,
  stockDiscCloud,
  stockTrendingNews,
} from '@kite/domain';
import { createSimulatedNewsVendor } from '../../adapters/news-vendor/simulated-news-vendor.ts';
import { createWorldMarketsFeed } from '../../adapters/world-markets/world-indices.ts';
import { registerCall } from '../../plugins/calls.ts';
import { newsService } from './news.service.ts';

/** /News/* (investing.md 7 "News and world markets"): public content, the same for every signed-in client. */
export async function newsRoutes(app: FastifyInstance): Promise<void> {
  const seed = app.config.market.seed;
  const service = newsService({
    db: app.db,
    now: () => app.clock.now(),
    market: () => app.marketRuntime.market,
    vendor: createSimulatedNewsVendor(seed),
    world: createWorldMarketsFeed(seed),
  });

  registerCall(app, getLiveNews, ({ section, recordcount }) => service.feed(section, recordcount));
  registerCall(app, stockTrendingNews, ({ recordcount }) => service.feed('stock', recordcount));
  registerCall(app, currencyNews, ({ recordcount }) => service.feed('currency', recordcount));
  registerCall(app, commodityNews, ({ recordcount }) => service.feed('commodity', recordcount));
  registerCall(app, sectorWiseNews, ({ section, recordcount }) => service.sectorNews(section, recordcount));
  registerCall(app, derivativeSymbolNews, ({ symbol, recordcount }) => service.derivativeNews(symbol, recordcount));
  registerCall(app, stockDiscCloud, ({ recordcount }) => service.discussionCloud(recordcount));
  registerCall(app, getLiveNewsDetails, ({ sno }) => service.details(sno));
}
