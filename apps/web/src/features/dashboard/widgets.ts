import { investingText, newsText } from '@kite/domain';
import type { WidgetId } from './dashboard-store.ts';
import { DEFAULT_MOVERS } from './top-movers/top-movers.ts';

export interface WidgetInfo {
  id: WidgetId;
  title: string;
  info: string;
  /** Shown until the issue that brings the widget's data lands: a calm empty state, never made-up figures. */
  empty: string;
  /** Expanding some widgets opens their own screen instead (platform.md 2.8). */
  expandRoute?: string;
  /** Not in the 'all widgets' view: opened full size from the dashboard's list of more widgets (platform.md 2.8). */
  fullSizeOnly?: boolean;
}

const w = newsText.widgets;
const more = (id: WidgetId, texts: { title: string; info: string }, empty: string): WidgetInfo => ({
  id,
  ...texts,
  empty,
  fullSizeOnly: true,
});

export const dashboardWidgets: readonly WidgetInfo[] = [
  {
    id: 'investmentOverview',
    title: 'Investment Overview',
    info: "Your holdings at live prices, today's profit or loss on them, and how many rose or fell today.",
    empty: investingText.investmentOverview.empty,
  },
  {
    id: 'topGainers',
    title: 'Top Gainers',
    info: 'Stocks with the largest rise in price today.',
    empty: investingText.topMovers.noGainers(DEFAULT_MOVERS.exc, DEFAULT_MOVERS.index),
  },
  {
    id: 'topLosers',
    title: 'Top Losers',
    info: 'Stocks with the largest fall in price today.',
    empty: investingText.topMovers.noLosers(DEFAULT_MOVERS.exc, DEFAULT_MOVERS.index),
  },
  {
    id: 'outstandingOrders',
    title: 'Outstanding Orders',
    info: 'Your orders that are still open at the exchange.',
    empty: 'No outstanding orders to show.',
    expandRoute: '/home/myorders',
  },
  more('researchIdeas', w.researchIdeas, newsText.ideas.empty),
  more('worldMarkets', w.worldMarkets, newsText.world.empty),
  more('hotNews', w.hotNews, newsText.list.empty),
  more('companyNews', w.companyNews, newsText.list.empty),
  more('currencyNews', w.currencyNews, newsText.list.empty),
  more('commodityNews', w.commodityNews, newsText.list.empty),
  more('sectorNews', w.sectorNews, newsText.list.empty),
  more('derivativeNews', w.derivativeNews, newsText.list.empty),
  more('discussionCloud', w.discussionCloud, newsText.cloud.empty),
];
