import { marketStatsText, statsExchanges } from '@kite/domain';
import type { StatsExchange } from './api/market-stats.ts';
import styles from './market-stats.module.css';

/** NSE or BSE: a segmented switch of radio buttons. */
export function ExchangeSwitch({ value, onChange }: { value: StatsExchange; onChange: (exc: StatsExchange) => void }) {
  return (
    <div className={styles.switch} role="radiogroup" aria-label={marketStatsText.overview.exchange}>
      {statsExchanges.map((exc) => (
        <button
          key={exc}
          type="button"
          role="radio"
          aria-checked={exc === value}
          className={styles.switchButton}
          onClick={() => onChange(exc)}
        >
          {exc}
        </button>
      ))}
    </div>
  );
}
