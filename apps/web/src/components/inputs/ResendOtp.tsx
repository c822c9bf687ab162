import { useEffect, useRef, useState } from 'react';
import styles from './resend-otp.module.css';

/**
 * platform.md 4.2, 9: the 30-second countdown starts after the third resend, so resends one to three are immediate and
 * the link is disabled before the fourth and every later one (the server refuses an earlier resend with the seconds
 * left, and answers the wait after each resend).
 */
export const RESEND_FREE_COUNT = 3;
export const RESEND_WAIT_SECONDS = 30;

export interface ResendOtpProps {
  /** Sends the OTP again; may answer the server's own wait (it enforces the same rule). Rejections are the caller's to show. */
  onResend: () => Promise<{ waitSeconds?: number } | void>;
  disabled?: boolean;
}

/** Seconds left before the link works again, counting down once a second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/** The 'Resend OTP' action of the OTP widget. */
export function ResendOtp({ onResend, disabled = false }: ResendOtpProps) {
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const resends = useRef(0);

  const resend = async () => {
    setSending(true);
    try {
      const answer = await onResend();
      resends.current += 1;
      const local = resends.current >= RESEND_FREE_COUNT ? RESEND_WAIT_SECONDS : 0;
      const wait = Math.max(local, answer?.waitSeconds ?? 0);
      if (wait > 0) start(wait);
    } catch {
      // The caller has shown the refusal; the link stays usable.
    } finally {
      setSending(false);
    }
  };

  const waiting = left > 0;
  return (
    <button
      type="button"
      className={styles.link}
      disabled={disabled || sending || waiting}
      onClick={() => void resend()}
      aria-live="polite"
    >
      Resend OTP{waiting ? ` in ${left}s` : ''}
    </button>
  );
}
