import { investingText } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import styles from './ipo.module.css';

const help = investingText.ipo.upiHelp;

/** The UPI help (investing.md 2): how to find a UPI ID, and the steps to create one, as numbered lists. */
function openHelp(title: string, steps: readonly string[]) {
  return openDialog<void>((close) => (
    <Dialog
      title={title}
      onDismiss={() => close()}
      footer={
        <Button variant="primary" autoFocus onClick={() => close()}>
          {investingText.ipo.ok}
        </Button>
      }
    >
      <ol className={styles.helpList}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Dialog>
  ));
}

export function UpiHelpLinks() {
  const text = investingText.ipo;
  return (
    <div className={styles.links}>
      <button type="button" className={styles.link} onClick={() => void openHelp(help.findTitle, help.find)}>
        {text.findUpi}
      </button>
      <button type="button" className={styles.link} onClick={() => void openHelp(help.createTitle, help.create)}>
        {text.createUpi}
      </button>
      <a className={styles.link} href="/home/termsandcondition" target="_blank" rel="noreferrer">
        {text.termsLink}
      </a>
    </div>
  );
}
