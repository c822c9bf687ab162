import type { EntryType, OrderRow, PlaceOrderPayloadInput, ProductType } from '@kite/domain';
import type { ScripRef } from '../market-data/selected-scrip.ts';

export type OrderSide = 'BUY' | 'SELL';

/** A basket line as the order dialog hands it over (trading.md 3 "Basket item payload (order dialog)"). */
export interface BasketItem {
  sym: ScripRef['sym'];
  displaySym: string;
  qty: string;
  limitPrice: string;
  priceDiff: string;
  ordType: 'limit' | 'market';
  prdType: ProductType;
  ordAction: 'buy' | 'sell';
  ordDuration: string;
  triggerPrice: string;
  disQty: string;
  isinDp: 'true' | 'false';
}

/** How the dialog is opened (trading.md 2.2, 4.1). */
export interface OrderEntryOptions {
  side: OrderSide;
  /** The scrip to trade; the dialog starts empty (search shown) without one. */
  scrip?: ScripRef | null;
  /** NEW by default; MODIFY needs `order`; SQUAREOFF takes `product` and `quantity` from the position. */
  entryType?: EntryType;
  /** The order being modified (trading.md 3 "correspondingorder"). */
  order?: OrderRow;
  product?: ProductType;
  quantity?: number;
  /**
   * Opened from a basket: the header reads ADD TO BASKET and the footer button hands the validated line to this
   * callback (the basket screen makes the call). A rejected promise's message is shown in a dialog (trading.md 8).
   */
  basket?: { onAdd: (item: BasketItem) => Promise<void>; initial?: Partial<BasketItem> };
}

export type { PlaceOrderPayloadInput };
