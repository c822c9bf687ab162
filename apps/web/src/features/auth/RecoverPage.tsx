import { checkClientId, checkNewPassword, checkPanTpinYear, checkPasswordsMatch } from '@kite/domain';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { showError } from '../../components/dialog/index.ts';
import {
  resendRecoveryOtp,
  setNewPassword,
  unlockWithToken,
  verifyIdentity,
  verifyRecoveryOtp,
  type RecoveryKind,
} from './api/recovery.ts';
import { authText } from './auth-text.ts';
import { AuthLayout, Busy, TextField } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { OtpStep } from './OtpStep.tsx';
import { showFailure } from './show-failure.ts';

/** The reset chain's OTP has the login length (platform.md 9). */
const RECOVERY_OTP_LENGTH = 4;

type Step =
  | { name: 'identify' }
  | { name: 'otp'; notice: string }
  | { name: 'password'; resetToken: string }
  | { name: 'done'; message: string };

/**
 * Forgot password and unlock account (platform.md 4.4, 5, 7.2; the screens are not shown): client id with PAN / TPIN /
 * birth year -> OTP -> a new password (reset) or straight to unlocked (unlock).
 */
export function RecoverPage({ kind }: { kind: RecoveryKind }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: 'identify' });
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);

  /** Runs one call with the busy indicator; a refusal shows the server's message. */
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      void showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const title = kind === 'reset' ? authText.resetTitle : authText.unlockTitle;
  const below = (
    <>
      <Link to="/base/login">{authText.backToLogin}</Link>
      <Link to={kind === 'reset' ? '/base/unlock' : '/base/forgot-password'}>
        {kind === 'reset' ? authText.unlockAccount : authText.forgotPassword}
      </Link>
    </>
  );

  switch (step.name) {
    case 'identify':
      return (
        <AuthLayout title={title} hint={authText.recoveryHint} below={below}>
          <IdentifyForm
            userId={userId}
            setUserId={setUserId}
            onSubmit={(panOrTpin) =>
              run(async () => {
                const answer = await verifyIdentity(userId.trim(), panOrTpin, kind);
                setStep({ name: 'otp', notice: answer.message });
              })
            }
          />
          {busy && <Busy />}
        </AuthLayout>
      );
    case 'otp':
      return (
        <AuthLayout title={title} hint={userId} below={below}>
          <OtpStep
            length={RECOVERY_OTP_LENGTH}
            notice={step.notice}
            onResend={async () => {
              const answer = await resendRecoveryOtp(userId.trim(), kind);
              setStep({ name: 'otp', notice: answer.message });
            }}
            onVerify={async (otp) => {
              const resetToken = await verifyRecoveryOtp(userId.trim(), otp, kind);
              if (kind === 'reset') setStep({ name: 'password', resetToken });
              else setStep({ name: 'done', message: await unlockWithToken(userId.trim(), resetToken) });
            }}
            back={{ label: 'Back', onClick: () => setStep({ name: 'identify' }) }}
          />
        </AuthLayout>
      );
    case 'password':
      return (
        <AuthLayout title={title} hint={userId} below={below}>
          <NewPasswordForm
            onSubmit={(newPassword, confirmPassword) =>
              run(async () => {
                setStep({ name: 'done', message: await setNewPassword(userId.trim(), step.resetToken, newPassword, confirmPassword) });
              })
            }
          />
          {busy && <Busy />}
        </AuthLayout>
      );
    case 'done':
      return (
        <AuthLayout title={title}>
          <p className={styles.message} role="status">
            {step.message}
          </p>
          <Button variant="primary" className={styles.submit} autoFocus onClick={() => void navigate('/base/login')}>
            LOGIN
          </Button>
        </AuthLayout>
      );
  }
}

function IdentifyForm({ userId, setUserId, onSubmit }: { userId: string; setUserId: (value: string) => void; onSubmit: (panOrTpin: string) => Promise<void> }) {
  const [panOrTpin, setPanOrTpin] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkClientId(userId) ?? checkPanTpinYear(panOrTpin);
    if (problem) {
      void showError(problem);
      return;
    }
    void onSubmit(panOrTpin.trim());
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label="Client ID" value={userId} onChange={setUserId} upperCase autoFocus autoComplete="username" maxLength={20} />
      <TextField label={authText.panTpinLabel} value={panOrTpin} onChange={setPanOrTpin} upperCase autoComplete="off" maxLength={10} />
      <Button type="submit" variant="primary" className={styles.submit}>
        CONTINUE
      </Button>
    </form>
  );
}

function NewPasswordForm({ onSubmit }: { onSubmit: (newPassword: string, confirmPassword: string) => Promise<void> }) {
  const [newPassword, setNewPasswordValue] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkPasswordsMatch(newPassword, confirmPassword) ?? checkNewPassword(newPassword);
    if (problem) {
      void showError(problem);
      return;
    }
    void onSubmit(newPassword, confirmPassword);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={authText.newPasswordLabel}
        type="password"
        value={newPassword}
        onChange={setNewPasswordValue}
        autoFocus
        autoComplete="new-password"
        maxLength={32}
        hint={authText.newPasswordHint}
      />
      <TextField label={authText.confirmPasswordLabel} type="password" value={confirmPassword} onChange={setConfirmPassword} autoComplete="new-password" maxLength={32} />
      <Button type="submit" variant="primary" className={styles.submit}>
        RESET PASSWORD
      </Button>
    </form>
  );
}
