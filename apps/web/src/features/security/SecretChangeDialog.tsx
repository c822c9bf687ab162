import { platformText } from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog, showMessage, type CloseDialog } from '../../components/dialog/index.ts';
import { securityText } from './security-text.ts';
import styles from './security.module.css';

export interface SecretField {
  label: string;
  autoComplete: 'current-password' | 'new-password' | 'off';
  hint?: string;
}

export type SecretValues = readonly [string, string, string];

/** An old / new / confirm change of a secret: the password or the TPIN (platform.md 5, 7.2). */
export interface SecretChangeOptions {
  title: string;
  fields: readonly [SecretField, SecretField, SecretField];
  maxLength: number;
  inputMode: 'text' | 'numeric';
  submitLabel: string;
  /** The first problem with what was typed, from the domain's validators; null when it may be sent. */
  check: (values: SecretValues) => string | null;
  /** Sends the change; answers the server's message, or throws its refusal. */
  submit: (values: SecretValues) => Promise<string>;
}

interface SecretChangeDialogProps extends SecretChangeOptions {
  close: CloseDialog<string>;
}

/** The form of a secret change; problems and refusals show under the fields, and nothing is sent while one stands. */
export function SecretChangeDialog({
  title,
  fields,
  maxLength,
  inputMode,
  submitLabel,
  check,
  submit,
  close,
}: SecretChangeDialogProps) {
  const [values, setValues] = useState<SecretValues>(['', '', '']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const errorId = useId();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = check(values);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      close(await submit(values));
    } catch (refusal) {
      setError(refusal instanceof Error && refusal.message ? refusal.message : platformText.somethingWentWrong);
      setBusy(false);
    }
  };

  const change = (index: number, value: string) => {
    setValues((current) => current.map((old, i) => (i === index ? value : old)) as unknown as SecretValues);
    setError(null);
  };

  return (
    <Dialog
      title={title}
      onDismiss={() => close()}
      footer={
        <>
          <Button onClick={() => close()}>{securityText.cancel}</Button>
          <Button type="submit" form={formId} variant="primary" disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void send(event)} noValidate>
        {fields.map((field, index) => (
          <SecretInput
            key={field.label}
            field={field}
            value={values[index] ?? ''}
            maxLength={maxLength}
            inputMode={inputMode}
            autoFocus={index === 0}
            errorId={error ? errorId : undefined}
            onChange={(value) => change(index, value)}
          />
        ))}
        {error && (
          <p id={errorId} role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

interface SecretInputProps {
  field: SecretField;
  value: string;
  maxLength: number;
  inputMode: 'text' | 'numeric';
  autoFocus: boolean;
  errorId: string | undefined;
  onChange: (value: string) => void;
}

function SecretInput({ field, value, maxLength, inputMode, autoFocus, errorId, onChange }: SecretInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = [field.hint ? hintId : null, errorId ?? null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {field.label}
      </label>
      <input
        id={id}
        className={styles.input}
        type="password"
        inputMode={inputMode}
        autoComplete={field.autoComplete}
        spellCheck={false}
        maxLength={maxLength}
        value={value}
        // The dialog focuses its [data-autofocus] element once it is shown modal.
        data-autofocus={autoFocus ? '' : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {field.hint && (
        <span id={hintId} className={styles.hint}>
          {field.hint}
        </span>
      )}
    </div>
  );
}

/** Opens the form; on success it closes and the server's message is shown (header 'Message'). */
export async function openSecretChangeDialog(options: SecretChangeOptions): Promise<boolean> {
  const message = await openDialog<string>((close) => <SecretChangeDialog {...options} close={close} />);
  if (message === undefined) return false;
  await showMessage({ message });
  return true;
}
