import { checkCaptcha, checkDpId, paymentText } from '@kite/domain';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { showError } from '../../components/dialog/index.ts';
import { lookupDues } from './api/payment-calls.ts';
import { PAYMENT_DETAILS_PATH } from './payment-format.ts';
import { PaymentLayout } from './PaymentLayout.tsx';
import styles from './payment.module.css';

/** The entry page (platform.md 2.6, 5): demat number and captcha, then the details page. */
export function PaymentEntryPage() {
  const navigate = useNavigate();
  const [dpId, setDpId] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [errors, setErrors] = useState<{ dpId?: string | null; captcha?: string | null }>({});
  const [stamp, setStamp] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);

  function refreshCaptcha() {
    setCaptcha('');
    setStamp(Date.now());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { dpId: checkDpId(dpId), captcha: checkCaptcha(captcha) };
    setErrors(found);
    if (found.dpId || found.captcha) return;
    setBusy(true);
    try {
      const answer = await lookupDues(dpId.trim(), captcha.trim());
      navigate(`${PAYMENT_DETAILS_PATH}?params=${encodeURIComponent(answer.params)}`);
    } catch (error) {
      // platform.md 8: the server's message or 'Something went wrong'; the captcha is refreshed (it is used up).
      refreshCaptcha();
      setBusy(false);
      await showError(error instanceof Error && error.message ? error.message : paymentText.somethingWentWrong);
    }
  }

  return (
    <PaymentLayout title={paymentText.entryTitle}>
      <p className={styles.hint}>{paymentText.entryHint}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="dp-id">
            {paymentText.dpIdLabel}
          </label>
          <input
            id="dp-id"
            className={styles.input}
            value={dpId}
            maxLength={16}
            placeholder={paymentText.dpIdPlaceholder}
            autoComplete="off"
            autoFocus
            aria-invalid={Boolean(errors.dpId)}
            aria-describedby={errors.dpId ? 'dp-id-error' : undefined}
            onChange={(event) => setDpId(event.target.value.toUpperCase().replace(/\s/g, ''))}
          />
          {errors.dpId && (
            <p id="dp-id-error" className={styles.fieldError} role="alert">
              {errors.dpId}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="captcha">
            {paymentText.captchaLabel}
          </label>
          <div className={styles.captchaRow}>
            <img className={styles.captchaImage} src={`/generateCaptcha?t=${stamp}`} width={200} height={50} alt={paymentText.captchaImageAlt} />
            <Button variant="ghost" aria-label={paymentText.refreshCaptcha} title={paymentText.refreshCaptcha} onClick={refreshCaptcha}>
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
              </svg>
            </Button>
          </div>
          <input
            id="captcha"
            className={styles.input}
            value={captcha}
            maxLength={12}
            placeholder={paymentText.captchaPlaceholder}
            autoComplete="off"
            aria-invalid={Boolean(errors.captcha)}
            aria-describedby={errors.captcha ? 'captcha-error' : undefined}
            onChange={(event) => setCaptcha(event.target.value)}
          />
          {errors.captcha && (
            <p id="captcha-error" className={styles.fieldError} role="alert">
              {errors.captcha}
            </p>
          )}
        </div>
        <Button type="submit" variant="primary" className={styles.submit} disabled={busy}>
          {paymentText.continueLabel}
        </Button>
      </form>
    </PaymentLayout>
  );
}
