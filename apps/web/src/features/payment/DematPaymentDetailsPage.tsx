import { paymentText, type DematClientDetails } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { showError } from '../../components/dialog/index.ts';
import { fetchPaymentDetails, startPayment } from './api/payment-calls.ts';
import { ATOM_PAYMENT_PATH, PAYMENT_ENTRY_PATH, percent, rupees } from './payment-format.ts';
import { PaymentLayout } from './PaymentLayout.tsx';
import styles from './payment.module.css';

const POPUP_NAME = 'atomPayment';
const POPUP_FEATURES = 'popup=yes,width=560,height=680';

function DetailsTable({ details }: { details: DematClientDetails }) {
  const rows: [string, string][] = [
    [paymentText.clientName, details.clientName],
    [paymentText.dematAccountNumber, details.dematAccNo],
    [paymentText.totalDue, rupees(details.totalAmount)],
    [paymentText.serviceCharge, rupees(details.serviceCharge)],
    [paymentText.gst, percent(details.gstPerc)],
    [paymentText.totalPayable, rupees(details.totalPayAmt)],
  ];
  return (
    <table className={styles.details}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /DematPaymentDetails?params=... (platform.md 2.6): read-only dues, then the provider's popup. */
export function DematPaymentDetailsPage() {
  const [search] = useSearchParams();
  const params = search.get('params') ?? '';
  const [paying, setPaying] = useState(false);
  const query = useQuery({
    queryKey: ['demat-payment-details', params],
    queryFn: () => fetchPaymentDetails(params),
    enabled: params.length > 0,
  });

  async function pay() {
    // Opened in the click itself so pop-up blockers allow it; pointed at the provider once the payment is initiated.
    const popup = window.open('', POPUP_NAME, POPUP_FEATURES);
    setPaying(true);
    try {
      const started = await startPayment(params);
      const url = `${ATOM_PAYMENT_PATH}?${new URLSearchParams({ atomTokenID: started.atomTokenID, merchID: started.merchID })}`;
      if (popup) popup.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      popup?.close();
      await showError(error instanceof Error && error.message ? error.message : paymentText.somethingWentWrong);
    } finally {
      setPaying(false);
    }
  }

  let body;
  if (!params) body = <p className={styles.muted}>{paymentText.somethingWentWrong}</p>;
  else if (query.isPending) body = <p className={styles.muted} role="status">Loading…</p>;
  else if (query.isError)
    body = (
      <p className={styles.fieldError} role="alert">
        {query.error.message || paymentText.somethingWentWrong}
      </p>
    );
  else
    body = (
      <>
        <DetailsTable details={query.data.ClientDetails} />
        <Button variant="primary" className={styles.submit} onClick={pay} disabled={paying}>
          {paymentText.payLabel}
        </Button>
      </>
    );

  return (
    <PaymentLayout title={paymentText.detailsTitle}>
      {body}
      <Link className={styles.link} to={PAYMENT_ENTRY_PATH}>
        {paymentText.payAgain}
      </Link>
    </PaymentLayout>
  );
}
