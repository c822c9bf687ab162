import type { ComponentType } from 'react';
import type { WidgetId } from './dashboard-store.ts';
import { lazyWidgets } from './lazy-widgets.tsx';
import { InvestmentOverviewWidget } from './investment-overview/InvestmentOverviewWidget.tsx';
import { OutstandingOrdersWidget } from './outstanding-orders/OutstandingOrdersWidget.tsx';
import { TopGainersWidget, TopLosersWidget } from './top-movers/TopMoversWidget.tsx';

/** What each widget shows once its data has landed; a widget without an entry shows its calm empty state. */
export const widgetContent: Partial<Record<WidgetId, ComponentType>> = {
  investmentOverview: InvestmentOverviewWidget,
  topGainers: TopGainersWidget,
  topLosers: TopLosersWidget,
  outstandingOrders: OutstandingOrdersWidget,
  ...lazyWidgets,
};
