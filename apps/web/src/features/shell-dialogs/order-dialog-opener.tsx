import { platformText } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import styles from './shell-dialogs.module.css';

export type OrderSide = 'BUY' | 'SELL';

/** What the shell needs from the order dialog: the footer button and the shortcuts of platform.md 2.7 use it. */
export interface OrderDialogOpener {
  open(side: OrderSide): void;
  isOpen(): boolean;
  /** F6: show or hide market depth while the order dialog is open. */
  toggleMarketDepth(): void;
}

let open = false;

/** Stands in until the trading issue installs the real order dialog with setOrderDialogOpener. */
const pendingOpener: OrderDialogOpener = {
  open(side) {
    if (open) return;
    open = true;
    void openDialog<void>(
      (close) => (
        <Dialog
          title={platformText.orderDialogTitle(side)}
          size="medium"
          onDismiss={() => close()}
          footer={
            <Button variant="primary" autoFocus onClick={() => close()}>
              CLOSE
            </Button>
          }
        >
          <p className={styles.pending}>{platformText.orderDialogPending}</p>
        </Dialog>
      ),
      'order-dialog',
    ).then(() => {
      open = false;
    });
  },
  isOpen: () => open,
  toggleMarketDepth: () => undefined,
};

let current: OrderDialogOpener = pendingOpener;

export function setOrderDialogOpener(opener: OrderDialogOpener): void {
  current = opener;
}

export function orderDialog(): OrderDialogOpener {
  return current;
}
