import type { OrderRow } from '@kite/domain';

/** Opens the order dialog on an order in MODIFY mode (trading.md 2.2, 4.1). */
export type ModifyOrderOpener = (order: OrderRow) => void;

/** The order dialog (features/order-entry) in MODIFY mode; loaded on first use so lists stay light. */
const orderDialogModify: ModifyOrderOpener = (order) => {
  void import('../order-entry/index.ts').then(({ openOrderEntry }) =>
    openOrderEntry({
      side: order.ordAction,
      entryType: 'MODIFY',
      order,
      scrip: { sym: order.sym, displaySym: order.displaySym, companyName: order.displaySym, streamSym: order.sym.trSymbol ?? order.sym.xSym, tradable: true },
    }),
  );
};

let opener: ModifyOrderOpener = orderDialogModify;

/** Tests (and any screen with its own dialog) may put another opener in place. */
export function setModifyOrderOpener(next: ModifyOrderOpener): void {
  opener = next;
}

export function openModifyOrder(order: OrderRow): void {
  opener(order);
}
