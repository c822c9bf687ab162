import type { ReactNode } from 'react';
import styles from './scrip-details.module.css';

/** One labelled figure of the scrip page's stat grids. */
export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd className="num">{children}</dd>
    </div>
  );
}
