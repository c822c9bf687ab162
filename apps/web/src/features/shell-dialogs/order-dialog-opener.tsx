export type OrderSide = 'BUY' | 'SELL';

/** What the shell needs from the order dialog: the footer button and the shortcuts of platform.md 2.7 use it. */
export interface OrderDialogOpener {
  open(side: OrderSide): void;
  isOpen(): boolean;
  /** F6: show or hide market depth while the order dialog is open. */
  toggleMarketDepth(): void;
}

let loaded: OrderDialogOpener | null = null;
let loading = false;

/** The real order dialog (features/order-entry), loaded on first use so the first screen stays light. */
const lazyOpener: OrderDialogOpener = {
  open(side) {
    if (loaded) {
      loaded.open(side);
      return;
    }
    if (loading) return;
    loading = true;
    void import('../order-entry/index.ts').then(
      (module) => {
        loaded = module.orderEntryOpener;
        loading = false;
        loaded.open(side);
      },
      () => {
        loading = false;
      },
    );
  },
  isOpen: () => loading || (loaded?.isOpen() ?? false),
  toggleMarketDepth: () => loaded?.toggleMarketDepth(),
};

let current: OrderDialogOpener = lazyOpener;

export function setOrderDialogOpener(opener: OrderDialogOpener): void {
  current = opener;
}

export function orderDialog(): OrderDialogOpener {
  return current;
}
