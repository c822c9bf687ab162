import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import styles from './pledge.module.css';

/** The message dialog with a line per security (investing.md 8: 'please find details below'). */
export function showLinesDialog(header: string, message: string, lines: readonly string[]): Promise<void> {
  return openDialog<void>((close) => (
    <Dialog
      title={header}
      role="alertdialog"
      onDismiss={() => close()}
      footer={
        <Button variant="primary" autoFocus onClick={() => close()}>
          OK
        </Button>
      }
    >
      <p>{message}</p>
      {lines.length > 0 ? (
        <ul className={styles.lines}>
          {lines.map((line, i) => (
            <li key={`${i}-${line}`}>{line}</li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  )).then(() => undefined);
}
