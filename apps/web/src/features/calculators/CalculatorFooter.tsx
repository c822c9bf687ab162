import type { ReactNode } from 'react';
import styles from './calculators.module.css';

/** A calculator form's buttons, and the refusal of what was entered under them. */
export function CalculatorFooter({ children, error }: { children: ReactNode; error: string | null }) {
  return (
    <>
      <div className={styles.actions}>{children}</div>
      {error !== null && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}
