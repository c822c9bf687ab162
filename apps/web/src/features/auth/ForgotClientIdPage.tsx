import { checkPan } from '@kite/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { showError } from '../../components/dialog/index.ts';
import { requestClientId } from './api/recovery.ts';
import { authText } from './auth-text.ts';
import { AuthLayout, Busy, TextField } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { showFailure } from './show-failure.ts';

/** Forgot client id (platform.md 7.2 GetClientId): the id is sent to the registered mobile and e-mail. */
export function ForgotClientIdPage() {
  const [pan, setPan] = useState('');
  const [mobile, setMobile] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = checkPan(pan) ?? (/^\d{10}$/.test(mobile.trim()) ? null : authText.invalidMobile);
    if (problem) {
      void showError(problem);
      return;
    }
    setBusy(true);
    try {
      setSent(await requestClientId(pan.trim(), mobile.trim()));
    } catch (error) {
      void showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const below = <Link to="/base/login">{authText.backToLogin}</Link>;
  if (sent) {
    return (
      <AuthLayout title={authText.clientIdTitle} below={below}>
        <p className={styles.message} role="status">
          {sent}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={authText.clientIdTitle} hint={authText.clientIdHint} below={below}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={authText.panLabel} value={pan} onChange={setPan} upperCase autoFocus autoComplete="off" maxLength={10} />
        <TextField
          label={authText.mobileLabel}
          value={mobile}
          onChange={(value) => setMobile(value.replace(/\D/g, ''))}
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
        />
        <Button type="submit" variant="primary" className={styles.submit} disabled={busy}>
          CONTINUE
        </Button>
      </form>
      {busy && <Busy />}
    </AuthLayout>
  );
}
