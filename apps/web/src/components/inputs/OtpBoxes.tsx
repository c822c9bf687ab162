import { useEffect, useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import styles from './otp-boxes.module.css';

export interface OtpBoxesProps {
  /** One entry per box: a digit or ''. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Enter on the last box with every box filled (platform.md 4.2). */
  onComplete?: (otp: string) => void;
  /** Accessible names read "<label> 1".."<label> N". */
  label?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Lets the owner put the cursor back in the first box (after a wrong OTP). */
  controlRef?: Ref<OtpBoxesControl>;
}

export interface OtpBoxesControl {
  focusFirst(): void;
}

/** An empty OTP of `length` boxes: 4 for login, 6 in the dormant flow (platform.md 9). */
export function emptyOtp(length: number): string[] {
  return Array.from({ length }, () => '');
}

export function otpText(value: readonly string[]): string {
  return value.join('');
}

/** platform.md 4.2: a wrong OTP clears the first four digits. */
export function clearFirstFour(value: readonly string[]): string[] {
  return value.map((digit, index) => (index < 4 ? '' : digit));
}

/** The OTP entry widget (platform.md 4.2): one digit per box, focus follows typing, paste of a full code fills every box. */
export function OtpBoxes({ value, onChange, onComplete, label = 'OTP digit', autoFocus = false, disabled = false, controlRef }: OtpBoxesProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;
  const focus = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useEffect(() => {
    if (autoFocus) refs.current[0]?.focus();
  }, [autoFocus]);

  useImperativeHandle(controlRef, () => ({ focusFirst: () => focus(0) }));

  const setDigit = (index: number, digit: string) => {
    const next = [...value];
    next[index] = digit;
    onChange(next);
  };

  const handleInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (digits.length === 0) {
      if (raw === '') setDigit(index, '');
      return;
    }
    if (digits.length >= length) {
      // Autofill of the whole code into one box: spread it over every box.
      fill(0, digits.slice(0, length));
      return;
    }
    // One character per box: the newest keystroke replaces the old digit.
    const previous = value[index] ?? '';
    const digit = (digits.startsWith(previous) && digits.length > previous.length ? digits.slice(previous.length) : digits).slice(0, 1);
    setDigit(index, digit);
    if (index < length - 1) focus(index + 1);
  };

  const fill = (from: number, digits: string) => {
    const next = [...value];
    for (let i = 0; i < digits.length && from + i < length; i += 1) next[from + i] = digits[i] ?? '';
    onChange(next);
    focus(Math.min(length - 1, from + digits.length));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focus(index + 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const otp = otpText(value);
      if (index === length - 1 && otp.length === length) onComplete?.(otp);
    } else if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits.length === 0) return;
    fill(digits.length >= length ? 0 : index, digits.slice(0, length));
  };

  return (
    <div className={styles.boxes} role="group" aria-label="One-time password">
      {value.map((digit, index) => (
        <input
          // The boxes never reorder; the index is their identity.
          key={index}
          ref={(element) => {
            refs.current[index] = element;
          }}
          className={styles.box}
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`${label} ${index + 1}`}
          maxLength={length}
          value={digit}
          disabled={disabled}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => handleInput(index, event.currentTarget.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
        />
      ))}
    </div>
  );
}
