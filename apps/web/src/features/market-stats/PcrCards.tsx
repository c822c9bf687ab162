import { formatQuantity, marketStatsText, type PutCallRatio, displayDate } from '@kite/domain';
import styles from './market-stats.module.css';

const text = marketStatsText;
const fno = text.fno;

/** Each index's put-call ratio over its nearest expiry, with the call and put open interest behind it. */
export function PcrCards({ ratios, error }: { ratios: PutCallRatio[] | undefined; error: boolean }) {
  if (error)
    return (
      <p role="alert" className={styles.state}>
        {text.error}
      </p>
    );
  if (!ratios)
    return (
      <p role="status" className={styles.state}>
        {text.loading}
      </p>
    );
  return (
    <ul className={styles.cards} aria-label={fno.pcr}>
      {ratios.map((ratio) => (
        <li key={ratio.symbol} className={styles.card} data-testid={`pcr-${ratio.symbol}`}>
          <span className={styles.cardName}>{ratio.symbol}</span>
          <span className={`num ${styles.cardValue}`}>{ratio.pcr}</span>
          <span className={styles.cardChange}>{fno.pcrCard(displayDate(ratio.expiry))}</span>
          <span className={styles.cardChange}>
            {fno.callOi} <span className="num">{formatQuantity(ratio.callOi)}</span>
          </span>
          <span className={styles.cardChange}>
            {fno.putOi} <span className="num">{formatQuantity(ratio.putOi)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
