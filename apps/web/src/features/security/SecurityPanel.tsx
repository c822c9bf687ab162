import type { ReactNode } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { openChangePasswordDialog, openChangeTpinDialog } from './credential-dialogs.tsx';
import { securityText } from './security-text.ts';
import { forgotTpinWithConfirmation, resetTpinWithConfirmation } from './tpin-actions.ts';
import { openVerifyEmailDialog } from './VerifyEmailDialog.tsx';
import styles from './security.module.css';

/** The client's own credentials (platform.md 7.2 credential change and recovery): password, TPIN, contact e-mail. */
export function SecurityPanel({ clientId }: { clientId: string }) {
  return (
    <section className={styles.panel} aria-labelledby="security-title">
      <h2 id="security-title" className={styles.panelTitle}>
        {securityText.panelTitle}
      </h2>
      <ul className={styles.rows}>
        <Row title={securityText.passwordRow} hint={securityText.passwordRowHint}>
          <Button size="small" onClick={() => void openChangePasswordDialog()}>
            {securityText.changePasswordButton}
          </Button>
        </Row>
        <Row title={securityText.tpinRow} hint={securityText.tpinRowHint}>
          <Button size="small" onClick={() => void openChangeTpinDialog()}>
            {securityText.changeTpinButton}
          </Button>
          <Button size="small" onClick={() => void resetTpinWithConfirmation()}>
            {securityText.resetTpinButton}
          </Button>
          <Button size="small" onClick={() => void forgotTpinWithConfirmation(clientId)}>
            {securityText.forgotTpinButton}
          </Button>
        </Row>
        <Row title={securityText.emailRow} hint={securityText.emailRowHint}>
          <Button size="small" onClick={() => void openVerifyEmailDialog()}>
            {securityText.verifyEmailButton}
          </Button>
        </Row>
      </ul>
    </section>
  );
}

function Row({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <li className={styles.row}>
      <div>
        <h3 className={styles.rowTitle}>{title}</h3>
        <p className={styles.rowHint}>{hint}</p>
      </div>
      <div className={styles.actions}>{children}</div>
    </li>
  );
}
