import { newsText } from '@kite/domain';
import { CLOUD_SMALL, NEWS_EXPANDED, useDiscussionCloud } from '../api/news-calls.ts';
import type { NewsWidgetProps } from './NewsFeedWidget.tsx';
import styles from '../news.module.css';

const text = newsText.cloud;
const SENTIMENT_CLASS = { 0: styles.neutral, 1: styles.bullish, 2: styles.bearish } as const;

/** Font sizes from 0.85 to 2 rem by weight (1 to 100). */
const fontSize = (weight: number) => `${(0.85 + (1.15 * weight) / 100).toFixed(2)}rem`;

/** The discussion cloud (investing.md 2 "News"): symbols sized by how much today's news talks about them. */
export function DiscussionCloudWidget({ expanded }: NewsWidgetProps) {
  const query = useDiscussionCloud(expanded ? NEWS_EXPANDED : CLOUD_SMALL);
  if (query.error)
    return (
      <p role="alert" className={styles.error}>
        {query.error.message}
      </p>
    );
  if (!query.data)
    return (
      <p role="status" className={styles.message}>
        {newsText.list.loading}
      </p>
    );
  if (query.data.length === 0) return <p className={styles.message}>{text.empty}</p>;
  // Alphabetical, as a tag cloud reads; the size carries the weight.
  const items = [...query.data].sort((a, b) => a.symbol.localeCompare(b.symbol));
  return (
    <ul className={styles.cloud} aria-label={text.caption}>
      {items.map((item) => (
        <li
          key={item.symbol}
          className={`${styles.cloudItem} ${SENTIMENT_CLASS[item.sentiment]}`}
          style={{ fontSize: fontSize(item.weight) }}
          title={item.companyname}
          aria-label={text.weight(item.symbol, item.weight, newsText.list.sentiments[item.sentiment])}
        >
          {item.symbol}
        </li>
      ))}
    </ul>
  );
}
