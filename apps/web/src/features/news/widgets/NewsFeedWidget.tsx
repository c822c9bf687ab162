import { newsText } from '@kite/domain';
import { useState } from 'react';
import { NEWS_EXPANDED, NEWS_SMALL, useNewsFeed, type NewsFeedId } from '../api/news-calls.ts';
import { NewsList } from '../NewsList.tsx';
import styles from '../news.module.css';

/** Underlyings offered by the derivative widget; '' is every underlying. */
const UNDERLYINGS = ['', 'NIFTY', 'BANKNIFTY', 'FINNIFTY', 'SENSEX', 'BANKEX'] as const;

const TITLES: Record<NewsFeedId, string> = {
  hot: newsText.widgets.hotNews.title,
  company: newsText.widgets.companyNews.title,
  currency: newsText.widgets.currencyNews.title,
  commodity: newsText.widgets.commodityNews.title,
  sector: newsText.widgets.sectorNews.title,
  derivative: newsText.widgets.derivativeNews.title,
};

export interface NewsWidgetProps {
  /** Full size shows 30 stories, the dashboard's small form 6 (investing.md 9 "News"). */
  expanded: boolean;
}

/**
 * A dashboard news widget (investing.md 2 "News": company, currency, commodity, sector, derivative and hot news) as an
 * accordion of stories with their detail; errors show in the widget's error area.
 */
export function NewsFeedWidget({ feed, expanded }: NewsWidgetProps & { feed: NewsFeedId }) {
  const [symbol, setSymbol] = useState('');
  const query = useNewsFeed(feed, expanded ? NEWS_EXPANDED : NEWS_SMALL, feed === 'derivative' ? symbol : '');
  return (
    <div className={styles.widget}>
      {feed === 'derivative' && (
        <label className={styles.filter}>
          {newsText.derivative.symbol}
          <select className={styles.select} value={symbol} onChange={(event) => setSymbol(event.target.value)}>
            {UNDERLYINGS.map((u) => (
              <option key={u} value={u}>
                {u || newsText.derivative.all}
              </option>
            ))}
          </select>
        </label>
      )}
      <NewsList items={query.data} loading={query.isFetching} error={query.error} label={TITLES[feed]} />
    </div>
  );
}

export const HotNewsWidget = (props: NewsWidgetProps) => <NewsFeedWidget feed="hot" {...props} />;
export const CompanyNewsWidget = (props: NewsWidgetProps) => <NewsFeedWidget feed="company" {...props} />;
export const CurrencyNewsWidget = (props: NewsWidgetProps) => <NewsFeedWidget feed="currency" {...props} />;
export const CommodityNewsWidget = (props: NewsWidgetProps) => <NewsFeedWidget feed="commodity" {...props} />;
export const SectorNewsWidget = (props: NewsWidgetProps) => <NewsFeedWidget feed="sector" {...props} />;
export const DerivativeNewsWidget = (props: NewsWidgetProps) => <NewsFeedWidget feed="derivative" {...props} />;
