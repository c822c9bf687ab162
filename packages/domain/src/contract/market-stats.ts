import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { decimalString } from './wire-schemas.ts';
import { symbolObjectSchema } from './market-data.ts';

/**
 * Market statistics (investing.md 2 "Market statistics", 7 "/MarketStats/*"): the spec names the calls without their
 * payloads, so each view has one call of its own here. Every figure comes from the simulated market at the server's
 * clock and agrees with /Market/GetQuote for the same instrument. Prices are decimal strings (integer paise inside);
 * traded value is in rupees with 2 decimals.
 */

export const statsExchanges = ['NSE', 'BSE'] as const;
const statsExchange = z.enum(statsExchanges);
const recordcount = z.coerce.number().int().min(1).max(50).default(10);

export const breadthSchema = z.object({
  advances: z.number().int().nonnegative(),
  declines: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type Breadth = z.infer<typeof breadthSchema>;

export const statsIndexSchema = breadthSchema.extend({
  index: z.string(),
  exc: statsExchange,
  value: decimalString,
  chng: decimalString,
  chngPer: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
});
export type StatsIndex = z.infer<typeof statsIndexSchema>;

/** One equity in a ranked list: the quote's own figures, and what the list ranks it by. */
export const statsRowSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  companyName: z.string(),
  ltp: decimalString,
  chng: decimalString,
  chngPer: decimalString,
  openPrice: decimalString,
  closePrice: decimalString,
  vol: z.number().int().nonnegative(),
  /** Traded value today (volume x average traded price), rupees. */
  tradedValue: decimalString,
  yearHigh: decimalString,
  yearLow: decimalString,
  /** Open against the previous close, percent (gap up/down lists). */
  gapPer: decimalString,
  /** How far the last price is below the 52-week high (or above the low), percent. */
  fromYearHighPer: decimalString,
  fromYearLowPer: decimalString,
});
export type StatsRow = z.infer<typeof statsRowSchema>;

export const statsIndices = defineCall({
  path: '/MarketStats/Indices',
  summary: 'Every index with its level, change and the advances and declines of its constituents',
  access: 'session',
  request: z.strictObject({}),
  response: z.object({ indices: z.array(statsIndexSchema) }),
});

export const statsAdvanceDecline = defineCall({
  path: '/MarketStats/AdvanceDecline',
  summary: "Advances, declines and unchanged among each exchange's equities today",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({ exchanges: z.array(breadthSchema.extend({ exc: statsExchange })) }),
});

export const mostActiveBy = ['volume', 'value'] as const;

export const statsMostActive = defineCall({
  path: '/MarketStats/MostActive',
  summary: "The exchange's most traded equities today, by volume or by traded value",
  access: 'session',
  request: z.strictObject({ exc: statsExchange, by: z.enum(mostActiveBy).default('volume'), recordcount }),
  response: z.object({ rows: z.array(statsRowSchema) }),
});

export const yearExtremes = ['high', 'low'] as const;

export const statsYearHighLow = defineCall({
  path: '/MarketStats/YearHighLow',
  summary: 'The equities nearest their 52-week high (or low), nearest first',
  access: 'session',
  request: z.strictObject({ exc: statsExchange, side: z.enum(yearExtremes).default('high'), recordcount }),
  response: z.object({ rows: z.array(statsRowSchema) }),
});

export const gapDirections = ['up', 'down'] as const;

export const statsGapUpDown = defineCall({
  path: '/MarketStats/GapUpDown',
  summary: "The equities that opened above (or below) yesterday's close, largest gap first",
  access: 'session',
  request: z.strictObject({ exc: statsExchange, direction: z.enum(gapDirections).default('up'), recordcount }),
  response: z.object({ rows: z.array(statsRowSchema) }),
});

export const heatmapTileSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  companyName: z.string(),
  ltp: decimalString,
  chng: decimalString,
  chngPer: decimalString,
});
export type HeatmapTile = z.infer<typeof heatmapTileSchema>;

export const statsHeatmap = defineCall({
  path: '/MarketStats/Heatmap',
  summary: "An index's constituents grouped by sector, each with today's change",
  access: 'session',
  request: z.strictObject({ index: z.string().min(1).max(30).default('NIFTY 50') }),
  response: z.object({
    index: z.string(),
    exc: statsExchange,
    sectors: z.array(breadthSchema.extend({ sector: z.string(), tiles: z.array(heatmapTileSchema) })),
  }),
});

export const fnoKinds = ['futures', 'options'] as const;
export const oiRankings = ['oi', 'gainers', 'losers'] as const;

/** One futures or options contract ranked by its open interest (units: lots x lot size). */
export const oiRowSchema = z.object({
  sym: symbolObjectSchema,
  displaySym: z.string(),
  ltp: decimalString,
  chng: decimalString,
  chngPer: decimalString,
  openInterest: z.number().int().nonnegative(),
  /** Against the open interest the day started with. */
  oiChange: z.number().int(),
  oiChangePer: decimalString,
});
export type OiRow = z.infer<typeof oiRowSchema>;

export const statsOpenInterest = defineCall({
  path: '/MarketStats/OpenInterest',
  summary: 'Index and stock futures or options ranked by open interest, or by its rise or fall today',
  access: 'session',
  request: z.strictObject({
    kind: z.enum(fnoKinds).default('futures'),
    rank: z.enum(oiRankings).default('oi'),
    recordcount,
  }),
  response: z.object({ rows: z.array(oiRowSchema) }),
});

export const putCallRatioSchema = z.object({
  /** The underlying index ("NIFTY", "SENSEX"). */
  symbol: z.string(),
  exc: z.enum(['NFO', 'BFO']),
  /** The nearest expiry, yyyy-mm-dd. */
  expiry: z.string(),
  callOi: z.number().int().nonnegative(),
  putOi: z.number().int().nonnegative(),
  /** Put open interest over call open interest, 2 decimals. */
  pcr: decimalString,
});
export type PutCallRatio = z.infer<typeof putCallRatioSchema>;

export const statsPutCallRatio = defineCall({
  path: '/MarketStats/PutCallRatio',
  summary: "Each index's put-call ratio by open interest over its nearest expiry's option chain",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({ indices: z.array(putCallRatioSchema) }),
});

export const calendarDaySchema = z.object({
  /** yyyy-mm-dd, IST. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** 0 Sunday .. 6 Saturday. */
  weekday: z.number().int().min(0).max(6),
  trading: z.boolean(),
  /** A weekday the exchanges are shut (a holiday of the market's calendar). */
  holiday: z.boolean(),
  /** Contracts expiring that day: index underlyings by name ("NIFTY (NFO)"), stock derivatives as one entry. */
  expiries: z.array(z.string()),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const statsCalendar = defineCall({
  path: '/MarketStats/Calendar',
  summary: "The coming weeks' trading days, holidays and F&O expiry days from the market's calendars (IST)",
  access: 'session',
  request: z.strictObject({ weeks: z.coerce.number().int().min(1).max(13).default(5) }),
  response: z.object({ today: z.string(), days: z.array(calendarDaySchema) }),
});

/** One trading day's cash-market flows of one investor class, crore rupees with 2 decimals. */
const flowSchema = z.object({ buy: decimalString, sell: decimalString, net: decimalString });

export const fiiDiiDaySchema = z.object({
  /** yyyy-mm-dd, IST. */
  date: z.string(),
  fii: flowSchema,
  dii: flowSchema,
});
export type FiiDiiDay = z.infer<typeof fiiDiiDaySchema>;

export const statsFiiDii = defineCall({
  path: '/MarketStats/FiiDiiActivity',
  summary: 'FII and DII buying and selling in the cash market on the last trading days (a seeded simulated series)',
  access: 'session',
  request: z.strictObject({ days: z.coerce.number().int().min(1).max(60).default(20) }),
  response: z.object({ simulated: z.literal(true), days: z.array(fiiDiiDaySchema) }),
});

export const dealKinds = ['bulk', 'block'] as const;

/** One bulk or block deal: who (a simulated name), which equity, which side, how many at what price. */
export const dealSchema = z.object({
  /** IST time of the deal, HH:MM. */
  time: z.string().regex(/^\d{2}:\d{2}$/),
  sym: symbolObjectSchema,
  displaySym: z.string(),
  companyName: z.string(),
  /** A generated name that says it is simulated ("Simulated FPI 07"): the market has no investors of record. */
  client: z.string(),
  side: z.enum(['BUY', 'SELL']),
  qty: z.number().int().positive(),
  price: decimalString,
  /** qty x price, rupees. */
  value: decimalString,
  /** The previous close the deal was priced against (the quote's closePrice). */
  closePrice: decimalString,
});
export type Deal = z.infer<typeof dealSchema>;

export const statsIntradayDeals = defineCall({
  path: '/MarketStats/IntradayDeals',
  summary:
    "The latest trading day's bulk or block deals on an exchange, up to now (a seeded simulated feed: the market has no investors of record)",
  access: 'session',
  request: z.strictObject({ exc: statsExchange, kind: z.enum(dealKinds).default('block') }),
  response: z.object({
    simulated: z.literal(true),
    /** The trading day the deals are of, yyyy-mm-dd (the previous one before today's first deal). */
    date: z.string(),
    deals: z.array(dealSchema),
  }),
});

export const equityScreens = [
  'gainers',
  'losers',
  'new-high',
  'new-low',
  'gap-up',
  'gap-down',
  'price-breakout',
  'price-breakdown',
  'volume-surge',
] as const;
export type EquityScreen = (typeof equityScreens)[number];

/** A screened equity: the ranked lists' row, the day's range, and its volume against the screened group's median. */
export const screenerRowSchema = statsRowSchema.extend({
  highPrice: decimalString,
  lowPrice: decimalString,
  /** Today's volume over the median volume of the equities screened, 2 decimals. */
  volumeMultiple: decimalString,
});
export type ScreenerRow = z.infer<typeof screenerRowSchema>;

export const statsScreener = defineCall({
  path: '/MarketStats/Screener',
  summary:
    'The equities of an exchange (or of one index) that pass a screen today: movers, 52-week extremes, gaps, breakouts, volume surges',
  access: 'session',
  request: z.strictObject({
    exc: statsExchange,
    screen: z.enum(equityScreens).default('gainers'),
    /** One of the exchange's indices with constituents; the exchange's ranked equities when absent. */
    index: z.string().min(1).max(30).optional(),
    recordcount,
  }),
  response: z.object({
    /** How many equities were screened. */
    screened: z.number().int().nonnegative(),
    rows: z.array(screenerRowSchema),
  }),
});

export const fnoSegments = ['FUTIDX', 'FUTSTK', 'OPTIDX', 'OPTSTK'] as const;

export const statsFnoAdvanceDecline = defineCall({
  path: '/MarketStats/FnoAdvanceDecline',
  summary:
    'Advances and declines of futures and options contracts today: per exchange and segment, and per index underlying',
  access: 'session',
  request: z.strictObject({}),
  response: z.object({
    segments: z.array(breadthSchema.extend({ exc: z.enum(['NFO', 'BFO']), segment: z.enum(fnoSegments) })),
    underlyings: z.array(
      z.object({
        symbol: z.string(),
        exc: z.enum(['NFO', 'BFO']),
        futures: breadthSchema,
        calls: breadthSchema,
        puts: breadthSchema,
      }),
    ),
  }),
});

/** Price change against open-interest change: both up, price down and OI up, price up and OI down, both down. */
export const oiBuildups = ['long-buildup', 'short-buildup', 'short-covering', 'long-unwinding'] as const;
export type OiBuildup = (typeof oiBuildups)[number];

export const statsOiBuildup = defineCall({
  path: '/MarketStats/OiBuildup',
  summary:
    'Futures or options by open-interest build-up: price change against open-interest change, largest OI change first',
  access: 'session',
  request: z.strictObject({
    kind: z.enum(fnoKinds).default('futures'),
    buildup: z.enum(oiBuildups).default('long-buildup'),
    recordcount,
  }),
  response: z.object({ rows: z.array(oiRowSchema) }),
});

/**
 * A contract whose volume or open-interest change, as a share of the open interest it started the day with, is large
 * against the median share of the tradable contracts of its series: an option's chain (same underlying and expiry), a
 * future's futures of the same expiry (each has a day's volume, open-interest.ts).
 */
export const unusualRowSchema = oiRowSchema.extend({
  vol: z.number().int().nonnegative(),
  /** Today's volume over the day-start open interest, percent. */
  volumeOiPer: decimalString,
  /** That share over the median share of the contracts of its series (2.00 = twice), 2 decimals. */
  volumeVsMedian: decimalString,
  /** The OI change's share over the median OI-change share of the contracts of its series, 2 decimals. */
  oiChangeVsMedian: decimalString,
});
export type UnusualRow = z.infer<typeof unusualRowSchema>;

export const statsUnusualActivity = defineCall({
  path: '/MarketStats/UnusualActivity',
  summary:
    'Futures or options whose volume or open-interest change today stands out among the contracts of their series',
  access: 'session',
  request: z.strictObject({ kind: z.enum(fnoKinds).default('options'), recordcount }),
  response: z.object({ rows: z.array(unusualRowSchema) }),
});

export const overviewSegments = ['currency', 'commodity'] as const;
export type OverviewSegment = (typeof overviewSegments)[number];

export const statsSegmentOverview = defineCall({
  path: '/MarketStats/SegmentOverview',
  summary:
    'The currency (CDS) or commodity (MCX, NCDEX) underlyings by their nearest future: price change and open interest',
  access: 'session',
  request: z.strictObject({ segment: z.enum(overviewSegments) }),
  response: z.object({ rows: z.array(oiRowSchema) }),
});

export const sectorUniverses = ['all', 'fno'] as const;

/** One equity named in a sector's row: its symbol and change today. */
const sectorMemberSchema = z.object({ sym: symbolObjectSchema, displaySym: z.string(), chngPer: decimalString });

export const sectorRowSchema = breadthSchema.extend({
  sector: z.string(),
  members: z.number().int().positive(),
  /** The members' change percents averaged with equal weights, 2 decimals. */
  avgChngPer: decimalString,
  best: sectorMemberSchema,
  worst: sectorMemberSchema,
});
export type SectorRow = z.infer<typeof sectorRowSchema>;

export const statsSectors = defineCall({
  path: '/MarketStats/Sectors',
  summary:
    "Each sector's equities on an exchange (all, or those with stock futures): breadth, average change and the best and worst",
  access: 'session',
  request: z.strictObject({ exc: statsExchange, universe: z.enum(sectorUniverses).default('all') }),
  response: z.object({ sectors: z.array(sectorRowSchema) }),
});

export const marketStatsCalls = [
  statsIndices,
  statsAdvanceDecline,
  statsMostActive,
  statsYearHighLow,
  statsGapUpDown,
  statsHeatmap,
  statsOpenInterest,
  statsPutCallRatio,
  statsCalendar,
  statsFiiDii,
  statsIntradayDeals,
  statsScreener,
  statsFnoAdvanceDecline,
  statsOiBuildup,
  statsUnusualActivity,
  statsSectors,
  statsSegmentOverview,
] as const;
