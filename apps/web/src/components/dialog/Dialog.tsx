import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** Called on Escape or the close icon; omit for dialogs that must be answered. */
  onDismiss?: () => void;
  size?: 'small' | 'medium' | 'large';
  /** Extra accessible description id, e.g. for alert dialogs. */
  role?: 'dialog' | 'alertdialog';
  /** Extra class for a dialog that needs its own shape (e.g. the risk disclosure covering half the screen). */
  className?: string;
}

/** The one dialog frame: a modal native <dialog> with a title, body and footer. */
export function Dialog({ title, children, footer, onDismiss, size = 'small', role = 'dialog', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = ref.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    // showModal() moves focus to the first focusable element after React's autoFocus ran; give it back.
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-modal="true"
      className={[styles.dialog, styles[size], className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss?.();
      }}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {onDismiss && (
          <button type="button" className={styles.closeIcon} aria-label="Close" onClick={onDismiss}>
            ×
          </button>
        )}
      </header>
      <div className={styles.body}>{children}</div>
      {footer && <footer className={styles.footer}>{footer}</footer>}
    </dialog>
  );
}
