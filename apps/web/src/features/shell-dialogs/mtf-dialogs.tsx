import { mtfActivation, platformText } from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog, showError } from '../../components/dialog/index.ts';
import { callApi } from '../../lib/api/client.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { errorMessage, isSessionInvalid } from './session-error.ts';
import styles from './shell-dialogs.module.css';

/** The MTF definition dialog (platform.md 2.8, 4.5), with the spec's 25% initial margin example. */
export function showMtfDefinition(): Promise<void> {
  return openDialog<void>(
    (close) => (
      <Dialog
        title={platformText.mtfDefinitionTitle}
        size="medium"
        onDismiss={() => close()}
        footer={
          <Button variant="primary" autoFocus onClick={() => close()}>
            OK
          </Button>
        }
      >
        <div className={styles.stack}>
          <p>{platformText.mtfDefinition}</p>
          <p>{platformText.mtfExample}</p>
        </div>
      </Dialog>
    ),
    'mtf-definition',
  ).then(() => undefined);
}

export type MtfActivationOutcome = 'activated' | 'inProgress' | 'failed' | 'declined';

/**
 * The server turns margin trading on for both exchanges when it activates MTF: the stored account details follow, so
 * the profile, the order dialog and every other reader of the login state see it at once, not after the next login.
 */
function recordMtfActivated(): void {
  const login = sessionStore.get();
  if (!login) return;
  sessionStore.update({
    accountDetails: { ...login.accountDetails, mta_nse_permission: 'Y', mta_bse_permission: 'Y' },
  });
}

function MtfActivationDialog({ onDone }: { onDone: (outcome: MtfActivationOutcome) => void }) {
  const [accepted, setAccepted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const activate = async () => {
    if (!accepted) {
      setProblem(platformText.mtfTermsRequired);
      return;
    }
    setBusy(true);
    try {
      const result = await callApi(mtfActivation, {});
      const activated = result.infoID !== 'EGN012' && result.data.activatedMTF;
      if (activated) recordMtfActivated();
      onDone(activated ? 'activated' : 'inProgress');
      await showMtfResult(result.infoID, result.infoMsg);
    } catch (error) {
      onDone('failed');
      if (!isSessionInvalid(error)) await showError(errorMessage(error, platformText.defaultDialogMessage), platformText.mtfDialogTitle);
    }
  };
  return (
    <Dialog
      title={platformText.mtfDialogTitle}
      size="medium"
      onDismiss={() => onDone('declined')}
      footer={
        <>
          <Button onClick={() => onDone('declined')}>NO</Button>
          <Button variant="primary" disabled={busy} onClick={() => void activate()}>
            YES
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        <p>{platformText.mtfActivatePrompt}</p>
        <p>{platformText.mtfExample}</p>
        <label className={styles.terms}>
          <input
            type="checkbox"
            checked={accepted}
            aria-describedby={problem ? errorId : undefined}
            onChange={(event) => {
              setAccepted(event.target.checked);
              if (event.target.checked) setProblem(null);
            }}
          />
          <span>{platformText.mtfAcceptTerms}</span>
        </label>
        {problem && (
          <p id={errorId} className={styles.fieldError} role="alert">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  );
}

/** The result dialog: EGN012 means in progress, shown without the 'THANK YOU!' heading (platform.md 4.5). */
function showMtfResult(infoID: string, infoMsg: string): Promise<void> {
  const inProgress = infoID === 'EGN012';
  return openDialog<void>(
    (close) => (
      <Dialog
        title={platformText.mtfDialogTitle}
        role="alertdialog"
        onDismiss={() => close()}
        footer={
          <Button variant="primary" autoFocus onClick={() => close()}>
            OK
          </Button>
        }
      >
        <div className={styles.stack}>
          {!inProgress && <p className={styles.heading}>{platformText.mtfThankYou}</p>}
          <p>{infoMsg}</p>
        </div>
      </Dialog>
    ),
    'mtf-result',
  ).then(() => undefined);
}

/** Alert, accept-terms checkbox, YES calls /Account/MTFActivation, then the result dialog (platform.md 4.5). */
export function startMtfActivation(): Promise<MtfActivationOutcome> {
  return new Promise((resolve) => {
    void openDialog<void>(
      (close) => (
        <MtfActivationDialog
          onDone={(outcome) => {
            close();
            resolve(outcome);
          }}
        />
      ),
      'mtf-activation',
    );
  });
}
