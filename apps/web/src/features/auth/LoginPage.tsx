import { checkClientId, checkPassword, type SignedIn } from '@kite/domain';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { showError } from '../../components/dialog/index.ts';
import { useLoginState } from '../../lib/session/session-store.ts';
import { completeSignIn } from '../../lib/session/sign-in.ts';
import { resendLoginOtp, submitLogin, submitLoginOtp } from './api/sign-in.ts';
import { authText } from './auth-text.ts';
import { AuthLayout, Busy, TextField } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { OtpStep } from './OtpStep.tsx';
import { showFailure } from './show-failure.ts';

/** platform.md 9: login OTPs have four digits. */
const LOGIN_OTP_LENGTH = 4;

interface PendingOtp {
  userId: string;
  sentTo: string;
}

/** /base/login (platform.md 2.2, 4.1): client id and password, then the OTP for clients who log in with OTP. */
export function LoginPage() {
  const loginState = useLoginState();
  const navigate = useNavigate();
  const [otpStep, setOtpStep] = useState<PendingOtp | null>(null);

  if (loginState?.loggedIn) return <Navigate to="/home/dashboard" replace />;

  const signedIn = (answer: SignedIn) => {
    completeSignIn(answer);
    void navigate('/home/dashboard', { replace: true });
  };

  return otpStep ? (
    <OtpForm step={otpStep} onSignedIn={signedIn} onBack={() => setOtpStep(null)} />
  ) : (
    <CredentialsForm onSignedIn={signedIn} onOtpNeeded={setOtpStep} />
  );
}

function CredentialsForm({ onSignedIn, onOtpNeeded }: { onSignedIn: (answer: SignedIn) => void; onOtpNeeded: (step: PendingOtp) => void }) {
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = checkClientId(userId) ?? checkPassword(password);
    if (problem) {
      void showError(problem);
      return;
    }
    setBusy(true);
    try {
      const answer = await submitLogin(userId.trim(), password);
      if (answer.otpRequired) onOtpNeeded({ userId: answer.userId, sentTo: answer.sentTo });
      else onSignedIn(answer);
    } catch (error) {
      setPassword('');
      void showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={authText.loginTitle}
      below={
        <>
          <Link to="/base/forgot-client-id">{authText.forgotClientId}</Link>
          <Link to="/base/dormant">{authText.reactivateDormant}</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Client ID" value={userId} onChange={setUserId} upperCase autoFocus autoComplete="username" maxLength={20} />
        <TextField label="Password" type="password" value={password} onChange={setPassword} autoComplete="current-password" maxLength={64} />
        <Button type="submit" variant="primary" className={styles.submit} disabled={busy}>
          LOGIN
        </Button>
        <div className={styles.links}>
          <Link to="/base/forgot-password">{authText.forgotPassword}</Link>
          <Link to="/base/unlock">{authText.unlockAccount}</Link>
        </div>
      </form>
      {busy && <Busy />}
    </AuthLayout>
  );
}

function OtpForm({ step, onSignedIn, onBack }: { step: PendingOtp; onSignedIn: (answer: SignedIn) => void; onBack: () => void }) {
  const [notice, setNotice] = useState(step.sentTo ? `OTP has been sent to ${step.sentTo}` : authText.otpSentFallback);
  return (
    <AuthLayout title={authText.otpTitle} hint={step.userId}>
      <OtpStep
        length={LOGIN_OTP_LENGTH}
        notice={notice}
        onVerify={async (otp) => onSignedIn(await submitLoginOtp(step.userId, otp))}
        onResend={async () => {
          const answer = await resendLoginOtp(step.userId);
          setNotice(answer.message);
          return { waitSeconds: answer.waitSeconds };
        }}
        back={{ label: authText.backToLogin, onClick: onBack }}
      />
    </AuthLayout>
  );
}
