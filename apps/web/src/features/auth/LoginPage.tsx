import { checkClientId, checkOtp, checkPassword, type SignedIn } from '@kite/domain';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { showError } from '../../components/dialog/index.ts';
import { OtpBoxes, ResendOtp, clearFirstFour, emptyOtp, otpText, type OtpBoxesControl } from '../../components/inputs/index.ts';
import { useLoginState } from '../../lib/session/session-store.ts';
import { completeSignIn } from '../../lib/session/sign-in.ts';
import { resendLoginOtp, submitLogin, submitLoginOtp } from './api/sign-in.ts';
import { authText } from './auth-text.ts';
import { AuthLayout, Busy, TextField } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { showFailure } from './show-failure.ts';

/** platform.md 9: login OTPs have four digits. */
const LOGIN_OTP_LENGTH = 4;

interface OtpStep {
  userId: string;
  sentTo: string;
}

/** /base/login (platform.md 2.2, 4.1): client id and password, then the OTP for clients who log in with OTP. */
export function LoginPage() {
  const loginState = useLoginState();
  const navigate = useNavigate();
  const [otpStep, setOtpStep] = useState<OtpStep | null>(null);

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

function CredentialsForm({ onSignedIn, onOtpNeeded }: { onSignedIn: (answer: SignedIn) => void; onOtpNeeded: (step: OtpStep) => void }) {
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

function OtpForm({ step, onSignedIn, onBack }: { step: OtpStep; onSignedIn: (answer: SignedIn) => void; onBack: () => void }) {
  const [digits, setDigits] = useState(() => emptyOtp(LOGIN_OTP_LENGTH));
  const [busy, setBusy] = useState(false);
  const boxes = useRef<OtpBoxesControl>(null);
  // After the error dialog has gone, so the focus it gives back does not win.
  const refocus = () => setTimeout(() => boxes.current?.focusFirst(), 0);
  const [notice, setNotice] = useState(step.sentTo ? `OTP has been sent to ${step.sentTo}` : authText.otpSentFallback);

  const verify = async (otp: string) => {
    if (busy) return;
    const problem = checkOtp(otp, LOGIN_OTP_LENGTH);
    if (problem) {
      void showError(problem).then(refocus);
      return;
    }
    setBusy(true);
    try {
      onSignedIn(await submitLoginOtp(step.userId, otp));
    } catch (error) {
      // platform.md 4.2: a wrong OTP clears the first four digits.
      setDigits((current) => clearFirstFour(current));
      void showFailure(error).then(refocus);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      const answer = await resendLoginOtp(step.userId);
      setNotice(answer.message);
      setDigits(emptyOtp(LOGIN_OTP_LENGTH));
      return { waitSeconds: answer.waitSeconds };
    } catch (error) {
      void showFailure(error);
      throw error;
    }
  };

  return (
    <AuthLayout title={authText.otpTitle} hint={step.userId}>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void verify(otpText(digits));
        }}
        noValidate
      >
        <p className={styles.message} role="status">
          {notice}
        </p>
        <OtpBoxes value={digits} onChange={setDigits} onComplete={(otp) => void verify(otp)} autoFocus controlRef={boxes} />
        <Button type="submit" variant="primary" className={styles.submit} disabled={busy}>
          VERIFY
        </Button>
        <div className={styles.row}>
          <button type="button" className={styles.linkButton} onClick={onBack}>
            {authText.backToLogin}
          </button>
          <ResendOtp onResend={resend} disabled={busy} />
        </div>
      </form>
      {busy && <Busy />}
    </AuthLayout>
  );
}
