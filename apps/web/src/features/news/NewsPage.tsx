import { liveNewsSections, newsText, type LiveNewsSection } from '@kite/domain';
import { Link, useParams } from 'react-router';
import { ExpandIcon } from '../../components/icons/icons.tsx';
import { NEWS_EXPANDED, NEWS_SMALL, useLiveNews } from './api/news-calls.ts';
import { NewsList } from './NewsList.tsx';
import styles from './news.module.css';

const text = newsText.page;

function isSection(value: string | undefined): value is LiveNewsSection {
  return (liveNewsSections as readonly string[]).includes(value ?? '');
}

function NewsSection({ section, expanded }: { section: LiveNewsSection; expanded: boolean }) {
  const query = useLiveNews(section, expanded ? NEWS_EXPANDED : NEWS_SMALL);
  const title = text.sections[section];
  return (
    <section className={styles.section} aria-label={title}>
      <header className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {expanded ? (
          <Link className={styles.link} to="/home/news">
            {text.back}
          </Link>
        ) : (
          <Link
            className={styles.iconLink}
            to={`/home/news/${section}`}
            aria-label={text.expand(title)}
            title={text.expand(title)}
          >
            <ExpandIcon />
          </Link>
        )}
      </header>
      <div className={styles.sectionBody}>
        <NewsList items={query.data} loading={query.isFetching} error={query.error} label={title} />
      </div>
    </section>
  );
}

/**
 * /home/news (investing.md 2 "News"): the news dashboard's four sections, TOP NEWS, INTERNATIONAL NEWS, ECONOMIC NEWS
 * and CORPORATE NEWS, six stories each; /home/news/<section> shows one section alone with thirty.
 */
export function NewsPage() {
  const rest = useParams()['*'];
  const alone = isSection(rest) ? rest : null;
  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>{alone ? `${text.title}: ${text.sections[alone]}` : text.title}</h1>
      {alone ? (
        <div className={styles.single}>
          <NewsSection section={alone} expanded />
        </div>
      ) : (
        <div className={styles.grid}>
          {liveNewsSections.map((section) => (
            <NewsSection key={section} section={section} expanded={false} />
          ))}
        </div>
      )}
    </div>
  );
}
