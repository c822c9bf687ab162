import { tradingText } from '@kite/domain';
import styles from './order-entry.module.css';

/** The surveillance page (trading.md 2.2): shown only when the quote carried a surveillance id. */
export function SurveillancePage({ note }: { note: string | null }) {
  return (
    <div className={styles.surveillance}>
      <p className={styles.question}>{tradingText.orderEntry.surveillanceQuestion}</p>
      {note && <p className={styles.hint}>{note}</p>}
    </div>
  );
}
