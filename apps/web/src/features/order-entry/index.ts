export { openOrderEntry, orderEntryOpener } from './open-order-entry.tsx';
export type { BasketItem, OrderEntryOptions, OrderSide } from './order-entry-options.ts';
