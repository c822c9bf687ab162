import { paymentText } from '@kite/domain';
import { Link, useSearchParams } from 'react-router';
import { PAYMENT_ENTRY_PATH } from './payment-format.ts';
import { PaymentLayout } from './PaymentLayout.tsx';
import styles from './payment.module.css';

/** The status page reading query values status, msg and transID (platform.md 2.6, 4.6, 8). */
export function DematPaymentStatusPage() {
  const [search] = useSearchParams();
  const success = search.get('status') === 'SUCCESS';
  const msg = search.get('msg') ?? '';
  const transID = search.get('transID');
  return (
    <PaymentLayout title={paymentText.statusTitle}>
      <div className={styles.status} role="status">
        <svg
          className={[styles.statusMark, success ? styles.statusSuccess : styles.statusFailed].join(' ')}
          viewBox="0 0 48 48"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        >
          <circle cx="24" cy="24" r="21" />
          {success ? <path d="M14 25l7 7 13-15" /> : <path d="M16 16l16 16M32 16 16 32" />}
        </svg>
        <p className={styles.statusMessage}>{success ? paymentText.paymentSuccess : paymentText.paymentFailed(msg)}</p>
        {transID && (
          <p className={styles.muted}>
            {paymentText.transactionId}: <span className="num">{transID}</span>
          </p>
        )}
      </div>
      <Link className={styles.link} to={PAYMENT_ENTRY_PATH}>
        {paymentText.payAgain}
      </Link>
    </PaymentLayout>
  );
}
