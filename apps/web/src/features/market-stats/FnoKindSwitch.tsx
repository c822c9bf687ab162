import { marketStatsText } from '@kite/domain';
import type { FnoKind } from './api/market-stats.ts';
import styles from './market-stats.module.css';

const kinds: readonly FnoKind[] = ['futures', 'options'];
const fno = marketStatsText.fno;

/** Futures or options: a segmented switch of radio buttons. */
export function FnoKindSwitch({ value, onChange }: { value: FnoKind; onChange: (kind: FnoKind) => void }) {
  return (
    <div className={styles.switch} role="radiogroup" aria-label={fno.kind}>
      {kinds.map((id) => (
        <button
          key={id}
          type="button"
          role="radio"
          aria-checked={id === value}
          className={styles.switchButton}
          onClick={() => onChange(id)}
        >
          {fno.kinds[id]}
        </button>
      ))}
    </div>
  );
}
