import { openDialog } from '../../components/dialog/index.ts';
import { pause, resume } from '../../lib/stream/stream.ts';
import { selectedScrip } from '../market-data/selected-scrip.ts';
import { orderDialogState } from './dialog-state.ts';
import { goToMyOrders } from './go-to-my-orders.ts';
import type { OrderEntryOptions, OrderSide } from './order-entry-options.ts';
import { OrderDialog, type OrderDialogExit } from './OrderDialog.tsx';
import { ORDER_DIALOG_SCREEN } from './QuotePanel.tsx';

/**
 * Opens the order dialog (trading.md 2.2) through the dialog system. While it is open only its own symbols tick;
 * the background screens pause and resume on close (trading.md 4.5). Resolves when the dialog closes.
 */
export async function openOrderEntry(options: OrderEntryOptions): Promise<void> {
  if (orderDialogState.isOpen()) return;
  orderDialogState.setOpen(true);
  pause(ORDER_DIALOG_SCREEN);
  try {
    const exit = await openDialog<OrderDialogExit>((close) => <OrderDialog options={options} close={close} />, 'order-dialog');
    // trading.md 4.1: after a successful order the matching segment tab of My Orders opens.
    if (exit?.goTo === 'myorders') goToMyOrders(exit.tab);
  } finally {
    resume();
    orderDialogState.setOpen(false);
  }
}

/** What the shell's shortcuts, footer and the BUY/SELL buttons call: a new order on the selected scrip. */
export const orderEntryOpener = {
  open(side: OrderSide): void {
    void openOrderEntry({ side, scrip: selectedScrip.get() });
  },
  isOpen: (): boolean => orderDialogState.isOpen(),
  toggleMarketDepth: (): void => orderDialogState.toggleDepth(),
};
