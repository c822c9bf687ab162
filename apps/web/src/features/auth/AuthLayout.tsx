import type { KeyboardEvent, ReactNode } from 'react';
import { authText } from './auth-text.ts';
import styles from './auth.module.css';

export interface AuthLayoutProps {
  title: string;
  /** A line under the title. */
  hint?: ReactNode;
  children: ReactNode;
  /** Links under the card. */
  below?: ReactNode;
}

/** The brand mark of the shell's header (a triangle in the accent colour), larger. */
export function Logo() {
  return (
    <svg className={styles.logo} viewBox="0 0 40 40" role="img" aria-label="Kite India">
      <path className={styles.logoFront} d="M8 4 36 20 8 36Z" />
    </svg>
  );
}

/** The centred card the login, recovery and dormant screens share, in the manner of Kite's login. */
export function AuthLayout({ title, hint, children, below }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <Logo />
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {hint && <p className={styles.hint}>{hint}</p>}
        {children}
      </section>
      {below && <nav className={styles.below}>{below}</nav>}
      <p className={styles.footer}>{authText.footer}</p>
    </main>
  );
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password';
  autoFocus?: boolean;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'text' | 'numeric';
  /** Upper-cases what is typed (client ids, PAN). */
  upperCase?: boolean;
  hint?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

export function TextField({ label, value, onChange, type = 'text', upperCase = false, hint, ...rest }: TextFieldProps) {
  const id = `field-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type={type}
        value={value}
        spellCheck={false}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(upperCase ? event.currentTarget.value.toUpperCase() : event.currentTarget.value)}
        {...rest}
      />
      {hint && (
        <span id={`${id}-hint`} className={styles.fieldHint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** The busy indicator shown while a request is in flight (platform.md 4.3). */
export function Busy() {
  return (
    <div className={styles.busy} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {authText.busy}
    </div>
  );
}
