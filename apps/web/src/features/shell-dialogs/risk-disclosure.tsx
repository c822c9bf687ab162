import { platformText, riskDisclosure } from '@kite/domain';
import { useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog, showError } from '../../components/dialog/index.ts';
import { callApi } from '../../lib/api/client.ts';
import { errorMessage, isSessionInvalid } from './session-error.ts';
import styles from './shell-dialogs.module.css';

function RiskDisclosureDialog({ onAcknowledged }: { onAcknowledged: () => void }) {
  const [busy, setBusy] = useState(false);
  const acknowledge = async () => {
    setBusy(true);
    try {
      await callApi(riskDisclosure, {});
      onAcknowledged();
    } catch (error) {
      setBusy(false);
      if (!isSessionInvalid(error)) void showError(errorMessage(error, platformText.defaultDialogMessage));
    }
  };
  return (
    <Dialog
      title={platformText.riskDisclosureTitle}
      size="large"
      className={styles.riskDialog}
      footer={
        <Button variant="primary" autoFocus disabled={busy} onClick={() => void acknowledge()}>
          {platformText.riskDisclosureContinue}
        </Button>
      }
    >
      <ul className={styles.riskList}>
        {platformText.riskDisclosurePoints.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <p className={styles.riskSource}>{platformText.riskDisclosureSource}</p>
    </Dialog>
  );
}

/**
 * The F&O risk disclosure (platform.md 2.9): modal, no close icon and no Escape; only CONTINUE, which logs the
 * acknowledgement and hides it. Resolves once acknowledged.
 */
export function showRiskDisclosure(): Promise<void> {
  return openDialog<void>((close) => <RiskDisclosureDialog onAcknowledged={() => close()} />, 'risk-disclosure').then(
    () => undefined,
  );
}
