import { formatQuantity, marketStatsText, type Breadth } from '@kite/domain';
import type { ReactNode } from 'react';
import styles from './market-stats.module.css';

const text = marketStatsText.breadth;

/**
 * Advances, declines and unchanged as a split bar with the three counts under it; compact drops the name line, and a
 * note (such as the A/D ratio) goes on it beside the total.
 */
export function BreadthBar({
  breadth,
  label,
  compact = false,
  note,
}: {
  breadth: Breadth;
  label: string;
  compact?: boolean;
  note?: ReactNode;
}) {
  const total = breadth.advances + breadth.declines + breadth.unchanged;
  const share = (n: number) => (total === 0 ? '0%' : `${(n * 100) / total}%`);
  const summary = text.summary(
    formatQuantity(breadth.advances),
    formatQuantity(breadth.declines),
    formatQuantity(breadth.unchanged),
  );
  return (
    <div className={styles.breadth} data-testid={`breadth-${label}`}>
      {!compact && (
        <div className={styles.breadthHead}>
          <span className={styles.breadthLabel}>{label}</span>
          <span className={styles.breadthTotal}>
            {note}
            <span className="num">{formatQuantity(total)}</span>
          </span>
        </div>
      )}
      <div className={styles.bar} role="img" aria-label={`${label}: ${summary}`}>
        <span className={styles.barUp} style={{ width: share(breadth.advances) }} />
        <span className={styles.barFlat} style={{ width: share(breadth.unchanged) }} />
        <span className={styles.barDown} style={{ width: share(breadth.declines) }} />
      </div>
      <div className={styles.breadthCounts}>
        <span className={styles.up}>
          {text.advances} <span className="num">{formatQuantity(breadth.advances)}</span>
        </span>
        <span className={styles.flat}>
          {text.unchanged} <span className="num">{formatQuantity(breadth.unchanged)}</span>
        </span>
        <span className={styles.down}>
          {text.declines} <span className="num">{formatQuantity(breadth.declines)}</span>
        </span>
      </div>
    </div>
  );
}
