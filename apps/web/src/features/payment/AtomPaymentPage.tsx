import { paymentText } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { showError } from '../../components/dialog/index.ts';
import { completeGatewayPayment, fetchGatewayTransaction } from './api/payment-calls.ts';
import { rupees } from './payment-format.ts';
import { PaymentLayout } from './PaymentLayout.tsx';
import styles from './payment.module.css';

/** Sends the payer back: the opener (the details page) goes to the status page and the popup closes. */
function returnTo(url: string, navigate: (to: string) => void): void {
  const opener = window.opener as Window | null;
  if (opener && !opener.closed) {
    try {
      opener.location.assign(url);
      window.close();
      return;
    } catch {
      // An opener of another origin cannot be steered; show the status here instead.
    }
  }
  navigate(url);
}

/** /atom-payment: the simulated payment provider's popup (platform.md 2.2, 4.6); the payer chooses pay or fail. */
export function AtomPaymentPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const atomTokenID = search.get('atomTokenID') ?? '';
  const merchID = search.get('merchID') ?? '';
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ['atom-transaction', atomTokenID, merchID],
    queryFn: () => fetchGatewayTransaction(atomTokenID, merchID),
    enabled: atomTokenID.length > 0 && merchID.length > 0,
  });

  async function finish(outcome: 'pay' | 'fail') {
    setBusy(true);
    try {
      const done = await completeGatewayPayment(atomTokenID, merchID, outcome);
      returnTo(done.returnUrl, navigate);
    } catch (error) {
      setBusy(false);
      await showError(error instanceof Error && error.message ? error.message : paymentText.somethingWentWrong);
    }
  }

  let body;
  if (!atomTokenID || !merchID || query.isError) {
    body = (
      <p className={styles.fieldError} role="alert">
        {query.error?.message || paymentText.somethingWentWrong}
      </p>
    );
  } else if (query.isPending) {
    body = <p className={styles.muted} role="status">Loading…</p>;
  } else {
    const txn = query.data;
    body = (
      <>
        <div className={styles.gatewayBar}>
          <span>
            {paymentText.gatewayMerchant}: {txn.merchantName}
          </span>
          <span>{txn.merchID}</span>
        </div>
        <div>
          <p className={styles.muted}>{paymentText.gatewayAmount}</p>
          <p className={styles.amount}>{rupees(txn.amount)}</p>
        </div>
        <p className={styles.muted}>
          {paymentText.gatewayReference}: <span className="num">{txn.reference}</span>
        </p>
        <div className={styles.actions}>
          <Button onClick={() => finish('fail')} disabled={busy || txn.status !== 'PENDING'}>
            {paymentText.gatewayFail}
          </Button>
          <Button variant="primary" onClick={() => finish('pay')} disabled={busy || txn.status !== 'PENDING'}>
            {paymentText.gatewayPay} {rupees(txn.amount)}
          </Button>
        </div>
      </>
    );
  }
  return (
    <PaymentLayout title={paymentText.gatewayTitle} notes={false} brand={{ name: paymentText.gatewayBrand, area: paymentText.gatewayArea }}>
      {body}
    </PaymentLayout>
  );
}
