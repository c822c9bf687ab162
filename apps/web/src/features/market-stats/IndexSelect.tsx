import { moverIndices } from '@kite/domain';
import { useId } from 'react';
import type { StatsExchange } from './api/market-stats.ts';
import styles from './market-stats.module.css';

/** One of the exchange's indices with constituents, or '' for the choice named by `none`. */
export function IndexSelect({
  label,
  none,
  exc,
  value,
  onChange,
}: {
  label: string;
  none: string;
  exc: StatsExchange;
  value: string;
  onChange: (index: string) => void;
}) {
  const id = useId();
  return (
    <label className={styles.filter} htmlFor={id}>
      {label}
      <select id={id} className={styles.select} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {moverIndices[exc].map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
    </label>
  );
}
