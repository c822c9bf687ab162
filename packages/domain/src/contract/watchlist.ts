import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { decimalString } from './wire-schemas.ts';
import { symbolObjectSchema } from './market-data.ts';

/**
 * Watchlist calls (trading.md 3 "Watchlist group", "Watchlist symbol row", 4.5, 5.3, 7). Every watchId is one of the
 * session client's own groups (or a predefined group, which is read-only); prices are decimal strings.
 */

/** User groups have numeric ids; predefined ones 'P-<key>' (e.g. 'P-NIFTY50'). */
const watchId = z.string().trim().min(1).max(40);
/** Length and '#' are checked by the shared name validator so the answer carries the spec's message. */
const groupName = z.string().max(200);
const columnIds = z.array(z.number().int().min(0).max(999)).max(40);

export const watchlistSettingsSchema = z.object({
  assetClass: z.enum(['EQUITY', 'FUTURE', 'OPTIONS']),
  equityColumns: columnIds,
  futureColumns: columnIds,
  optionsColumns: columnIds,
});
export type WatchlistSettings = z.infer<typeof watchlistSettingsSchema>;

export const watchlistGroupTypes = ['predef', 'user', 'mobile'] as const;
export type WatchlistGroupType = (typeof watchlistGroupTypes)[number];

/** trading.md 3 "Watchlist group". */
export const watchlistGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 'WEB' for groups made here, 'MOB' for the mobile app's, 'PREDEF' for the market's. */
  channel: z.string(),
  type: z.enum(watchlistGroupTypes),
  isEditable: z.boolean(),
  isMobile: z.boolean(),
  isChecked: z.boolean(),
  /** '0' none, '1' or '2' favourite slots. */
  favid: z.enum(['0', '1', '2']),
  settings: watchlistSettingsSchema,
});
export type WatchlistGroup = z.infer<typeof watchlistGroupSchema>;

/** trading.md 3 "Watchlist symbol row", with the instrument's exchange, lot, tick and tradability for the row's buttons. */
export const watchlistSymbolRowSchema = z.object({
  sym: symbolObjectSchema,
  exc: z.string(),
  streamSym: z.string(),
  companyName: z.string(),
  displaySym: z.string(),
  /** `${exc}|${id}`: one row per scrip in a group. */
  uniqueId: z.string(),
  ltp: decimalString,
  chng: decimalString,
  chngPer: decimalString,
  bidPrice: decimalString,
  askPrice: decimalString,
  bidQty: z.number().int(),
  askQty: z.number().int(),
  ltq: z.number().int(),
  totBuyQty: z.number().int(),
  totSellQty: z.number().int(),
  lTradedTime: z.string(),
  lUpdatedTime: z.string(),
  avgTradedPrice: decimalString,
  closePrice: decimalString,
  highPrice: decimalString,
  lowPrice: decimalString,
  openPrice: decimalString,
  vol: z.number().int(),
  /** Daily price range 'low - high'. */
  dpr: z.string(),
  /** Futures and options only (trading.md 2.6); null for the rest. */
  openInterest: z.number().int().nullable(),
  isResearchAvail: z.boolean(),
  lot: z.number().int(),
  tickSize: decimalString,
  tradable: z.boolean(),
});
export type WatchlistSymbolRow = z.infer<typeof watchlistSymbolRowSchema>;

export const listWatchlistGroups = defineCall({
  path: '/Watchlist/ListGroups',
  summary: "The market's predefined groups, the client's own and the mobile app's (trading.md 3, 7)",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({
    predef: z.array(watchlistGroupSchema),
    groups: z.array(watchlistGroupSchema),
    mpib: z.array(watchlistGroupSchema),
  }),
});

export const addWatchlistGroup = defineCall({
  path: '/Watchlist/AddGroup',
  summary: 'Create a watchlist: name unique ignoring case, at most 10 characters, at most 5 (trading.md 5.3)',
  access: 'session',
  request: z.strictObject({ name: groupName }),
  response: z.object({ id: z.string() }),
});

export const updateWatchlistGroup = defineCall({
  path: '/Watchlist/UpdateGroup',
  summary: 'Rename a watchlist and/or save its column choice (trading.md 5.3); only editable groups can be renamed',
  access: 'session',
  objectIdFields: ['watchId'],
  request: z.strictObject({
    name: groupName,
    channel: z.string().max(20).optional(),
    watchId,
    settings: watchlistSettingsSchema.optional(),
  }),
  response: watchlistGroupSchema,
});

export const deleteWatchlistGroup = defineCall({
  path: '/Watchlist/DeleteGroup',
  summary: "Delete one or more of the client's editable watchlists, all or none (trading.md 5.3)",
  access: 'session',
  objectIdFields: ['watchGroup'],
  request: z.strictObject({
    watchGroup: z.array(z.strictObject({ name: z.string().max(200), watchId })).max(20),
  }),
  response: z.object({ deleted: z.number().int() }),
});

export const addWatchlistSymbol = defineCall({
  path: '/Watchlist/AddSymbol',
  summary: 'Add a scrip to an editable watchlist; the same scrip twice is refused (trading.md 5.3)',
  access: 'session',
  objectIdFields: ['watchId'],
  request: z.strictObject({ watchId, sym: symbolObjectSchema }),
  response: z.object({ uniqueId: z.string() }),
});

export const deleteWatchlistSymbols = defineCall({
  path: '/Watchlist/DeleteSymbol',
  summary: 'Delete scrips from an editable watchlist; the last scrip stays (trading.md 4.5, 5.3)',
  access: 'session',
  objectIdFields: ['watchId'],
  request: z.strictObject({ watchId, symGroup: z.array(symbolObjectSchema).max(200) }),
  response: z.object({ deleted: z.number().int() }),
});

export const listWatchlistSymbols = defineCall({
  path: '/Watchlist/ListSymbols',
  summary: "A group's scrips with live prices (trading.md 3); the server decides editability, not the request",
  access: 'session',
  objectIdFields: ['id'],
  request: z.strictObject({
    isEditable: z.boolean().optional(),
    name: z.string().max(200).optional(),
    channel: z.string().max(20).optional(),
    id: watchId,
    type: z.string().max(20).optional(),
  }),
  response: z.object({ symbols: z.array(watchlistSymbolRowSchema) }),
});

export const updateWatchlistFavourite = defineCall({
  path: '/Watchlist/UpdateFavourite',
  summary: "Set a group's favourite slot ('1' or '2') or clear it ('0'); two favourites at most (trading.md 4.5)",
  access: 'session',
  objectIdFields: ['watchId'],
  request: z.strictObject({ watchId, favId: z.enum(['0', '1', '2']) }),
  response: z.object({ watchId: z.string(), favid: z.enum(['0', '1', '2']) }),
});

export const watchlistQuote = defineCall({
  path: '/Watchlist/Quote',
  summary: 'The short quote of a scrip for the watchlist (trading.md 7: lUpdatedTime, chng, chngPer, ltp, lot)',
  access: 'session',
  request: z.strictObject({ sym: symbolObjectSchema }),
  response: z.object({
    quote: z.object({
      lUpdatedTime: z.string().max(20),
      chng: decimalString,
      chngPer: decimalString,
      ltp: decimalString,
      lot: z.number().int(),
      sym: symbolObjectSchema,
      streamSym: z.string(),
    }),
  }),
});

export const watchlistCalls = [
  listWatchlistGroups,
  addWatchlistGroup,
  updateWatchlistGroup,
  deleteWatchlistGroup,
  addWatchlistSymbol,
  deleteWatchlistSymbols,
  listWatchlistSymbols,
  updateWatchlistFavourite,
  watchlistQuote,
] as const;
