import { marketStatsText, type StatsIndex } from '@kite/domain';
import { Change } from './Change.tsx';
import styles from './market-stats.module.css';
import { grouped } from './stats-format.ts';

const text = marketStatsText;

/** Each index's level and change as a card; the loading and error states in the cards' place. */
export function IndexCards({ indices, error }: { indices: StatsIndex[] | undefined; error: boolean }) {
  if (error)
    return (
      <p role="alert" className={styles.state}>
        {text.error}
      </p>
    );
  if (!indices)
    return (
      <p role="status" className={styles.state}>
        {text.loading}
      </p>
    );
  if (indices.length === 0) return <p className={styles.state}>{text.indices.empty}</p>;
  return (
    <ul className={styles.cards} aria-label={text.overview.indices}>
      {indices.map((index) => (
        <li key={index.index} className={styles.card} data-testid={`index-${index.index}`}>
          <span className={styles.cardName}>{index.index}</span>
          <span className={`num ${styles.cardValue}`}>{grouped(index.value)}</span>
          <span className={styles.cardChange}>
            <Change value={index.chng} /> <Change value={index.chngPer} percent />
          </span>
        </li>
      ))}
    </ul>
  );
}
