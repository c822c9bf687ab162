import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { basketRoutes } from './basket/basket.routes.ts';
import { calculatorRoutes } from './calculators/calculators.routes.ts';
import { chartPreferenceRoutes } from './chart/chart-preferences.routes.ts';
import { devRoutes } from './dev/dev.routes.ts';
import { fundsRoutes } from './funds/funds.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { infoRoutes } from './info/info.routes.ts';
import { informationRoutes } from './information/information.routes.ts';
import { ideasRoutes } from './ideas/ideas.routes.ts';
import { ipoRoutes } from './ipo/ipo.routes.ts';
import { marketRoutes } from './market/market.routes.ts';
import { optionChainRoutes } from './market/option-chain.routes.ts';
import { marketStatsRoutes } from './market-stats/market-stats.routes.ts';
import { newsRoutes } from './news/news.routes.ts';
import { paymentRoutes } from './payment/payment.routes.ts';
import { pnlRoutes } from './pnl/pnl.routes.ts';
import { planRoutes } from './plan/plan.routes.ts';
import { pledgeRoutes } from './pledge/pledge.routes.ts';
import { portfolioRoutes } from './portfolio/portfolio.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { ssoRoutes } from './sso/sso.routes.ts';
import { technicalsRoutes } from './market/technicals.routes.ts';
import { symbolSearchRoutes } from './trade/symbol-search.routes.ts';
import { endOfDayRoutes } from './trade/end-of-day.routes.ts';
import { orderRoutes } from './trade/orders.routes.ts';
import { tradeToolRoutes } from './trade/trade-tools.routes.ts';
import { watchlistRoutes } from './watchlist/watchlist.routes.ts';
import { worldMarketsRoutes } from './world-markets/world-markets.routes.ts';

/** Every feature area's routes, registered by build(). */
export const moduleRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  infoRoutes,
  accountRoutes,
  marketRoutes,
  paymentRoutes,
  devRoutes,
  ssoRoutes,
  symbolSearchRoutes,
  watchlistRoutes,
  basketRoutes,
  chartPreferenceRoutes,
  ipoRoutes,
  portfolioRoutes,
  pnlRoutes,
  orderRoutes,
  tradeToolRoutes,
  endOfDayRoutes,
  calculatorRoutes,
  planRoutes,
  informationRoutes,
  pledgeRoutes,
  newsRoutes,
  ideasRoutes,
  worldMarketsRoutes,
  fundsRoutes,
  reportsRoutes,
  marketStatsRoutes,
  technicalsRoutes,
  optionChainRoutes,
];
