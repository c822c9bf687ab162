import { TEXT_INPUT_MAX, checkTextInput } from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../button/Button.tsx';
import { Dialog, openDialog, type CloseDialog } from '../dialog/index.ts';
import styles from './text-input-dialog.module.css';

export interface TextInputOptions {
  title: string;
  label: string;
  initialValue?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

interface TextInputDialogProps extends TextInputOptions {
  close: CloseDialog<string>;
}

/** The shared text-input dialog (platform.md 2.8, 5): blank refused, at most 10 characters, no '#', Enter confirms. */
export function TextInputDialog({ title, label, initialValue = '', confirmLabel = 'OK', cancelLabel = 'CANCEL', close }: TextInputDialogProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const problem = checkTextInput(value);
    if (problem) {
      setError(problem);
      return;
    }
    close(value.trim());
  };

  return (
    <Dialog
      title={title}
      onDismiss={() => close()}
      footer={
        <>
          <Button onClick={() => close()}>{cancelLabel}</Button>
          <Button variant="primary" onClick={() => submit()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          autoFocus
          // showModal() runs after React's autoFocus and moves focus to the dialog's autofocus element, so mark it.
          ref={(element) => element?.setAttribute('autofocus', '')}
          autoComplete="off"
          maxLength={TEXT_INPUT_MAX}
          value={value}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setValue(event.currentTarget.value.replaceAll('#', ''));
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === '#') event.preventDefault();
          }}
        />
        {error && (
          <p id={errorId} role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** Opens the text-input dialog; settles with the trimmed text, or undefined when cancelled. */
export function openTextInputDialog(options: TextInputOptions): Promise<string | undefined> {
  return openDialog<string>((close) => <TextInputDialog {...options} close={close} />);
}
