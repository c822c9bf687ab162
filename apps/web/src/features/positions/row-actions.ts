import type { PositionRow, ProductType } from '@kite/domain';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { openOrderEntry } from '../order-entry/index.ts';
import { openAddToWatchlistDialog } from '../shell-dialogs/index.ts';

export function scripOf(row: PositionRow): ScripRef {
  return { sym: row.sym, displaySym: row.displaySym, companyName: row.displaySym, streamSym: row.streamSym, tradable: true };
}

/** What the order dialog needs to square a position off (trading.md 2.2 actions: SQUAREOFF). */
export interface SquareOffRequest {
  scrip: ScripRef;
  side: 'BUY' | 'SELL';
  product: ProductType;
  quantity: number;
}


/** SQUARE OFF opens the order dialog in SQUAREOFF mode with the position's product and quantity (trading.md 2.2). */
export function openSquareOff(request: SquareOffRequest): void {
  void openOrderEntry({ side: request.side, scrip: request.scrip, entryType: 'SQUAREOFF', product: request.product, quantity: request.quantity });
}

/** BUY and SELL of a cover or bracket position: a new order on the scrip (trading.md 2.5). */
export function openOrderFor(scrip: ScripRef, side: 'BUY' | 'SELL'): void {
  void openOrderEntry({ side, scrip });
}

/** ADD to WATCHLIST (trading.md 2.5 row menu): the shared add-scrips dialog (platform.md 2.8). */
export function addToWatchlist(scrip: ScripRef): void {
  void openAddToWatchlistDialog(scrip.sym);
}
