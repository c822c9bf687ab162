import { paymentText } from '@kite/domain';
import type { ReactNode } from 'react';
import styles from './payment.module.css';

export interface PaymentLayoutProps {
  title: string;
  children: ReactNode;
  /** The notes of platform.md 2.6 under the card; off on the provider's popup. */
  notes?: boolean;
  /** Whose page this is: the broker's, or the payment provider's popup. */
  brand?: { name: string; area: string };
}

const BROKER = { name: 'Kite India', area: 'DP Charges' };

/** The public payment pages' frame: no shell, one calm card (platform.md 2.6). */
export function PaymentLayout({ title, children, notes = true, brand = BROKER }: PaymentLayoutProps) {
  return (
    <main className={styles.page}>
      <header className={styles.brand}>
        <svg className={styles.logo} viewBox="0 0 40 40" aria-hidden="true">
          <path className={styles.logoBack} d="M20 2 38 20 20 38 2 20Z" />
          <path className={styles.logoFront} d="M20 2 38 20 20 20Z M20 20 20 38 2 20Z" />
        </svg>
        <span className={styles.brandName}>{brand.name}</span>
        <span className={styles.brandArea}>{brand.area}</span>
      </header>
      <section className={styles.card} aria-labelledby="payment-title">
        <h1 id="payment-title" className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
      {notes && (
        <ul className={styles.notes} aria-label="Notes">
          <li>{paymentText.creditNote}</li>
          <li>{paymentText.helpdeskNote}</li>
        </ul>
      )}
    </main>
  );
}
