import { checkOtp } from '@kite/domain';
import { useRef, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { showError } from '../../components/dialog/index.ts';
import { OtpBoxes, clearFirstFour, emptyOtp, otpText, type OtpBoxesControl } from '../../components/inputs/OtpBoxes.tsx';
import { ResendOtp } from '../../components/inputs/ResendOtp.tsx';
import { Busy } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { showFailure } from './show-failure.ts';

export interface OtpStepProps {
  /** 4 digits for login and the reset chain, 6 in the dormant flow (platform.md 9). */
  length: 4 | 6;
  /** The line above the boxes: where the OTP went, or the server's answer to a resend. */
  notice?: string;
  /** Checks the OTP with the server; throws the refusal. */
  onVerify: (otp: string) => Promise<void>;
  /** Sends a new OTP; throws the refusal (the resend countdown then does not start). */
  onResend: () => Promise<{ waitSeconds?: number } | void>;
  /** A way back, left of 'Resend OTP'. */
  back?: { label: string; onClick: () => void };
}

/**
 * The OTP step of login, password reset / unlock and dormant reactivation (platform.md 4.2, 4.3, 5): the boxes,
 * VERIFY and Resend OTP, with the busy indicator while a call is in flight. A short OTP, a refusal or a failed resend
 * shows in an error dialog; a refused OTP clears the first four boxes and the cursor goes back to the first box.
 */
export function OtpStep({ length, notice, onVerify, onResend, back }: OtpStepProps) {
  const [digits, setDigits] = useState(() => emptyOtp(length));
  const [busy, setBusy] = useState(false);
  const boxes = useRef<OtpBoxesControl>(null);
  // After the error dialog has gone, so the focus it gives back does not win.
  const refocus = () => setTimeout(() => boxes.current?.focusFirst(), 0);

  const verify = async (otp: string) => {
    if (busy) return;
    const problem = checkOtp(otp, length);
    if (problem) {
      void showError(problem).then(refocus);
      return;
    }
    setBusy(true);
    try {
      await onVerify(otp);
    } catch (error) {
      // platform.md 4.2: a wrong OTP clears the first four digits.
      setDigits((current) => clearFirstFour(current));
      void showFailure(error).then(refocus);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    try {
      const answer = await onResend();
      // The new OTP supersedes the one being typed.
      setDigits(emptyOtp(length));
      return answer;
    } catch (error) {
      void showFailure(error);
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void verify(otpText(digits));
        }}
        noValidate
      >
        {notice && (
          <p className={styles.message} role="status">
            {notice}
          </p>
        )}
        <OtpBoxes
          value={digits}
          onChange={setDigits}
          onComplete={(otp) => void verify(otp)}
          autoFocus
          controlRef={boxes}
        />
        <Button type="submit" variant="primary" className={styles.submit} disabled={busy}>
          VERIFY
        </Button>
        <div className={styles.row}>
          {back ? (
            <button type="button" className={styles.linkButton} onClick={back.onClick}>
              {back.label}
            </button>
          ) : (
            <span />
          )}
          <ResendOtp onResend={resend} disabled={busy} />
        </div>
      </form>
      {busy && <Busy />}
    </>
  );
}
