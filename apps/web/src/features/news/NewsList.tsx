import { newsText, type NewsItem } from '@kite/domain';
import { useId, useState } from 'react';
import { useArticle } from './api/news-calls.ts';
import { newsTime } from './news-time.ts';
import styles from './news.module.css';

const text = newsText.list;

const SENTIMENT_CLASS = { 0: styles.neutral, 1: styles.bullish, 2: styles.bearish } as const;

function ArticleText({ sno, id }: { sno: number; id: string }) {
  const article = useArticle(sno);
  return (
    <div id={id} className={styles.article}>
      {article.isPending && <p role="status">{text.articleLoading}</p>}
      {article.error && (
        <p role="alert" className={styles.error}>
          {article.error.message}
        </p>
      )}
      {article.data?.arttext.split('\n\n').map((paragraph, n) => (
        <p key={n}>{paragraph}</p>
      ))}
    </div>
  );
}

function NewsRow({ item, open, onToggle }: { item: NewsItem; open: boolean; onToggle: () => void }) {
  const detailId = useId();
  return (
    <li className={styles.item}>
      <button type="button" className={styles.heading} aria-expanded={open} aria-controls={detailId} onClick={onToggle}>
        <span
          className={`${styles.sentiment} ${SENTIMENT_CLASS[item.sentiment]}`}
          role="img"
          aria-label={text.sentiments[item.sentiment]}
          title={text.sentiments[item.sentiment]}
        />
        <span className={styles.headline}>{item.heading}</span>
        <time className={styles.time} dateTime={item.datetime.replace(' ', 'T')}>
          {newsTime(item.datetime)}
        </time>
      </button>
      {!open && item.title && <p className={styles.title}>{item.title}</p>}
      {open && <ArticleText sno={item.sno} id={detailId} />}
    </li>
  );
}

export interface NewsListProps {
  items: readonly NewsItem[] | undefined;
  loading: boolean;
  error: Error | null;
  label: string;
}

/**
 * A list of news as an accordion (investing.md 2 "News": hot news is an expandable accordion with article detail):
 * one story open at a time, its full text fetched when it opens.
 */
export function NewsList({ items, loading, error, label }: NewsListProps) {
  const [openSno, setOpenSno] = useState<number | null>(null);
  if (error)
    return (
      <p role="alert" className={styles.error}>
        {error.message}
      </p>
    );
  if (!items)
    return loading ? (
      <p role="status" className={styles.message}>
        {text.loading}
      </p>
    ) : null;
  if (items.length === 0) return <p className={styles.message}>{text.empty}</p>;
  return (
    <ul className={styles.list} aria-label={label} aria-busy={loading || undefined}>
      {items.map((item) => (
        <NewsRow
          key={item.sno}
          item={item}
          open={openSno === item.sno}
          onToggle={() => setOpenSno(openSno === item.sno ? null : item.sno)}
        />
      ))}
    </ul>
  );
}
