import { fundsText } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { usePayInStatus } from './api/fund-transfer-calls.ts';
import { shownAmount } from './transfer-form.ts';
import styles from './fund-transfer.module.css';

/** The result step: what the server recorded for the pay-in the gateway sent the payer back from. */
export function PayInResult({ reference, onClose }: { reference: string; onClose: () => void }) {
  const status = usePayInStatus(reference);
  let body;
  let tone = styles.pending;
  if (status.isPending) body = <p role="status">{fundsText.loading}</p>;
  else if (status.isError) {
    tone = styles.failed;
    body = <p role="alert">{status.error.message}</p>;
  } else if (status.data.status === 'SUCCESS') {
    tone = styles.succeeded;
    body = <p role="status">{fundsText.payInSuccess(shownAmount(status.data.amount))}</p>;
  } else if (status.data.status === 'FAILED') {
    tone = styles.failed;
    body = <p role="alert">{fundsText.payInFailed}</p>;
  } else body = <p role="status">{fundsText.payInPending}</p>;
  return (
    <div className={`${styles.result} ${tone}`} data-testid="payin-result">
      <div>
        <strong>{fundsText.resultTitle}</strong>
        <span className={`${styles.muted} num`}> {reference}</span>
        {body}
      </div>
      <Button size="small" onClick={onClose}>
        OK
      </Button>
    </div>
  );
}
