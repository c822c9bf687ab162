import type { CallDef } from '../api/define-call.ts';
import { accountCalls } from './account.ts';
import { basketCalls } from './basket.ts';
import { calculatorCalls } from './calculators.ts';
import { chartCalls } from './chart.ts';
import { fundsCalls } from './funds.ts';
import { infoCalls } from './info.ts';
import { informationCalls } from './information.ts';
import { ideaCalls } from './ideas.ts';
import { ipoCalls } from './ipo.ts';
import { marketCalls } from './market.ts';
import { marketDataCalls } from './market-data.ts';
import { marketStatsCalls } from './market-stats.ts';
import { newsCalls } from './news.ts';
import { optionChainCalls } from './option-chain.ts';
import { pnlCalls } from './pnl.ts';
import { planCalls } from './plan.ts';
import { pledgeCalls } from './pledge.ts';
import { reportCalls } from './reports.ts';
import { paymentCalls } from './payment.ts';
import { ssoCalls } from './sso.ts';
import { technicalsCalls } from './technicals.ts';
import { tradeCalls } from './trade.ts';
import { watchlistCalls } from './watchlist.ts';
import { worldMarketCalls } from './world-markets.ts';

export * from './account.ts';
export * from './basket.ts';
export * from './calculators.ts';
export * from './chart.ts';
export * from './funds.ts';
export * from './info.ts';
export * from './information.ts';
export * from './ideas.ts';
export * from './ipo.ts';
export * from './market.ts';
export * from './market-data.ts';
export * from './market-stats.ts';
export * from './news.ts';
export * from './option-chain.ts';
export * from './payment.ts';
export * from './pnl.ts';
export * from './plan.ts';
export * from './pledge.ts';
export * from './reports.ts';
export * from './sso.ts';
export * from './stream.ts';
export * from './technicals.ts';
export * from './trade.ts';
export * from './watchlist.ts';
export * from './world-markets.ts';

/** Every call of the API; the server registers each, the OpenAPI document lists each. */
export const allCalls: readonly CallDef[] = [
  ...accountCalls,
  ...infoCalls,
  ...marketCalls,
  ...marketDataCalls,
  ...paymentCalls,
  ...ssoCalls,
  ...tradeCalls,
  ...watchlistCalls,
  ...basketCalls,
  ...chartCalls,
  ...ipoCalls,
  ...pnlCalls,
  ...calculatorCalls,
  ...planCalls,
  ...informationCalls,
  ...pledgeCalls,
  ...newsCalls,
  ...ideaCalls,
  ...worldMarketCalls,
  ...fundsCalls,
  ...reportCalls,
  ...marketStatsCalls,
  ...technicalsCalls,
  ...optionChainCalls,
];
