import { tradingText } from '../messages/trading.ts';
import { platformText } from '../messages/platform.ts';

const text = tradingText.watchlist;

/** Answer codes of watchlists (trading.md 4.5, 5.3, 8). Messages are the spec's texts where it gives one. */
export const watchlistCodes = {
  WLS001: {
    message: text.nameExists,
    meaning: 'AddGroup or a rename with a name another watchlist has (ignoring case).',
  },
  WLS002: { message: text.tooMany, meaning: 'AddGroup when the client already has 5 editable watchlists.' },
  WLS003: {
    message: platformText.invalidInput,
    meaning: "A watchlist name the shared name validator refuses (blank, over 10 characters or '#').",
  },
  WLS004: { message: text.selectOneToDelete, meaning: 'DeleteGroup with an empty list.' },
  WLS005: { message: text.cannotDeleteLast, meaning: 'DeleteSymbol that would leave the watchlist without a scrip.' },
  WLS006: {
    message: text.symbolExists,
    meaning: 'AddSymbol with a scrip already in the watchlist (id, exchange, asset class, trSymbol).',
  },
  WLS007: { message: text.favouritesFull, meaning: 'UpdateFavourite with a slot another watchlist holds.' },
  WLS008: {
    message: 'This watchlist cannot be changed.',
    meaning: 'Adding or deleting scrips, renaming or deleting a group that is not isEditable (predefined or mobile).',
  },
  WLS009: {
    message: 'Scrip is not in this watchlist.',
    meaning: 'DeleteSymbol naming a scrip the watchlist does not hold; nothing is deleted.',
  },
  WLS010: {
    message: 'A watchlist can hold at most 100 scrips.',
    meaning: 'AddSymbol to a full watchlist (limit chosen: the spec is silent).',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
