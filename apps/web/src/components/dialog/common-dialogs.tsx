import { platformText } from '@kite/domain';
import { Button } from '../button/Button.tsx';
import { Dialog } from './Dialog.tsx';
import { openDialog } from './dialog-store.ts';

export interface MessageOptions {
  header?: string;
  message?: string;
  buttonLabel?: string;
  key?: string;
}

/** The generic message dialog (platform.md 2.8); default message 'Please try again!' (3.4). */
export function showMessage({ header = platformText.messageHeader, message, buttonLabel = 'OK', key }: MessageOptions = {}) {
  return openDialog<void>(
    (close) => (
      <Dialog
        title={header}
        role="alertdialog"
        onDismiss={() => close()}
        footer={
          <Button variant="primary" autoFocus onClick={() => close()}>
            {buttonLabel}
          </Button>
        }
      >
        <p>{message ?? platformText.defaultDialogMessage}</p>
      </Dialog>
    ),
    key,
  ).then(() => undefined);
}

export function showError(message: string, header: string = platformText.errorHeader) {
  return showMessage({ header, message });
}

export interface ConfirmOptions {
  header: string;
  message: string;
  positive?: string;
  negative?: string;
}

/** The confirm dialog with positive and negative buttons; resolves true only on the positive one. */
export function confirmDialog({ header, message, positive = 'YES', negative = 'NO' }: ConfirmOptions): Promise<boolean> {
  return openDialog<boolean>((close) => (
    <Dialog
      title={header}
      onDismiss={() => close(false)}
      footer={
        <>
          <Button onClick={() => close(false)}>{negative}</Button>
          <Button variant="primary" autoFocus onClick={() => close(true)}>
            {positive}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  )).then((answer) => answer === true);
}
