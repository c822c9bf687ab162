import { lazy, Suspense, type ComponentType } from 'react';
import { useDashboard, type WidgetId } from './dashboard-store.ts';
import styles from './dashboard.module.css';

interface SizedWidgetProps {
  expanded: boolean;
}

/**
 * A widget whose code is fetched the first time it is shown, so the dashboard's first screen carries only the four
 * 'all widgets' widgets; it is told whether it is shown full size.
 */
function lazyWidget(id: WidgetId, load: () => Promise<ComponentType<SizedWidgetProps>>): ComponentType {
  const Widget = lazy(() => load().then((component) => ({ default: component })));
  return function LazyWidget() {
    const expanded = useDashboard().expanded === id;
    return (
      <Suspense
        fallback={
          <div className={styles.empty} role="status">
            <p>Loading…</p>
          </div>
        }
      >
        <Widget expanded={expanded} />
      </Suspense>
    );
  };
}

const news = () => import('../news/widgets/index.ts');

export const lazyWidgets = {
  researchIdeas: lazyWidget('researchIdeas', () =>
    import('./ideas/ResearchIdeasWidget.tsx').then((m) => m.ResearchIdeasWidget),
  ),
  worldMarkets: lazyWidget('worldMarkets', () =>
    import('./world-markets/WorldMarketsWidget.tsx').then((m) => m.WorldMarketsWidget),
  ),
  hotNews: lazyWidget('hotNews', () => news().then((m) => m.HotNewsWidget)),
  companyNews: lazyWidget('companyNews', () => news().then((m) => m.CompanyNewsWidget)),
  currencyNews: lazyWidget('currencyNews', () => news().then((m) => m.CurrencyNewsWidget)),
  commodityNews: lazyWidget('commodityNews', () => news().then((m) => m.CommodityNewsWidget)),
  sectorNews: lazyWidget('sectorNews', () => news().then((m) => m.SectorNewsWidget)),
  derivativeNews: lazyWidget('derivativeNews', () => news().then((m) => m.DerivativeNewsWidget)),
  discussionCloud: lazyWidget('discussionCloud', () => news().then((m) => m.DiscussionCloudWidget)),
} satisfies Partial<Record<WidgetId, ComponentType>>;
