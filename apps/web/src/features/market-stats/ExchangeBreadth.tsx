import { marketStatsText } from '@kite/domain';
import { useAdvanceDecline } from './api/market-stats.ts';
import { BreadthBar } from './BreadthBar.tsx';
import styles from './market-stats.module.css';
import { adRatio } from './stats-format.ts';

const text = marketStatsText;

/** The advances, declines and unchanged of every equity of NSE and of BSE, a bar each; with their A/D ratio if asked. */
export function ExchangeBreadth({
  label = text.overview.breadth,
  withRatio = false,
}: {
  label?: string;
  withRatio?: boolean;
}) {
  const breadth = useAdvanceDecline();
  return (
    <section className={styles.breadthRow} aria-label={label}>
      {breadth.isError && (
        <p role="alert" className={styles.state}>
          {text.error}
        </p>
      )}
      {!breadth.data && !breadth.isError && (
        <p role="status" className={styles.state}>
          {text.loading}
        </p>
      )}
      {breadth.data?.map((row) => (
        <BreadthBar
          key={row.exc}
          breadth={row}
          label={row.exc}
          note={
            withRatio && (
              <span className={styles.flat}>
                {text.topMovers.ratio} <span className="num">{adRatio(row.advances, row.declines)}</span>
              </span>
            )
          }
        />
      ))}
    </section>
  );
}
