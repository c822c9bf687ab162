import styles from './market-stats.module.css';
import { directionOf, signed } from './stats-format.ts';

const CLASS = { up: styles.up, down: styles.down, flat: styles.flat } as const;

/** A change or a change percent, signed and coloured by its direction. */
export function Change({ value, percent = false }: { value: string; percent?: boolean }) {
  return <span className={`num ${CLASS[directionOf(value)]}`}>{`${signed(value)}${percent ? '%' : ''}`}</span>;
}
