import { platformText, verifyContactEmail } from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog, type CloseDialog } from '../../components/dialog/index.ts';
import { checkContactEmail } from './api/credentials.ts';
import { securityText } from './security-text.ts';
import styles from './security.module.css';

type Outcome = { kind: 'problem' | 'verified' | 'not-matching'; text: string } | null;

/** Checks an e-mail address against the client's registered one (platform.md 7.2 /Client/VerifyContactEmail). */
export function VerifyEmailDialog({ close }: { close: CloseDialog<void> }) {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const inputId = useId();
  const outcomeId = useId();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The call's own request schema is the e-mail rule; nothing is sent that it would refuse.
    if (!verifyContactEmail.request.safeParse({ email }).success) {
      setOutcome({ kind: 'problem', text: securityText.invalidEmail });
      return;
    }
    setBusy(true);
    try {
      const answer = await checkContactEmail(email.trim());
      setOutcome({ kind: answer.verified ? 'verified' : 'not-matching', text: answer.message });
    } catch (error) {
      setOutcome({
        kind: 'problem',
        text: error instanceof Error && error.message ? error.message : platformText.somethingWentWrong,
      });
    } finally {
      setBusy(false);
    }
  };

  const verified = outcome?.kind === 'verified';
  return (
    <Dialog
      title={securityText.verifyEmailTitle}
      onDismiss={() => close()}
      footer={
        verified ? (
          <Button variant="primary" autoFocus onClick={() => close()}>
            {securityText.close}
          </Button>
        ) : (
          <>
            <Button onClick={() => close()}>{securityText.cancel}</Button>
            <Button type="submit" form={formId} variant="primary" disabled={busy}>
              {securityText.verify}
            </Button>
          </>
        )
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void send(event)} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={inputId}>
            {securityText.emailLabel}
          </label>
          <input
            id={inputId}
            className={styles.input}
            type="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={200}
            value={email}
            readOnly={verified}
            data-autofocus=""
            aria-invalid={outcome !== null && !verified}
            aria-describedby={outcome ? outcomeId : undefined}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setOutcome(null);
            }}
          />
        </div>
        {outcome && (
          <p id={outcomeId} role={verified ? 'status' : 'alert'} className={verified ? styles.success : styles.error}>
            {outcome.text}
          </p>
        )}
      </form>
    </Dialog>
  );
}

export function openVerifyEmailDialog(): Promise<void> {
  return openDialog<void>((close) => <VerifyEmailDialog close={close} />).then(() => undefined);
}
