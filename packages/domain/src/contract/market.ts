import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';

/** Market status calls (platform.md 7.2 /MarketStatusService; investing.md "Market status"). */

export const marketExchanges = ['NSE', 'BSE', 'NFO', 'BFO', 'CDS', 'MCX', 'NCDEX'] as const;
const marketExchange = z.enum(marketExchanges);
const phase = z.enum(['pre-open', 'open', 'post-close', 'closed']);

export const exchangeStatusSchema = z.object({
  exchange: marketExchange,
  status: phase,
  isOpen: z.boolean(),
  /** IST "yyyy-mm-dd hh:mm:ss" of the next change, or null when markets are kept open. */
  nextChange: z.string().nullable(),
  nextStatus: phase.nullable(),
});

export const marketStatusService = defineCall({
  path: '/MarketStatusService',
  summary: 'Is the market open: the status of every exchange now, in IST',
  access: 'public',
  request: z.strictObject({}),
  response: z.object({
    /** True when the NSE equity market is open or in pre-open (the web app's market-open check). */
    isMarketOpen: z.boolean(),
    exchfeedtime: z.string(),
    mode: z.enum(['always', 'real']),
    exchanges: z.array(exchangeStatusSchema),
  }),
});

export const infoMarketStatus = defineCall({
  path: '/Info/MarketStatus',
  summary: 'Status of one exchange (MCX when none is given) with the exchange feed time',
  access: 'session',
  /** investing.md 7 "Market status": data {exc:'MCX'}; response data.data (MktStatus, exchfeedtime). */
  request: z.strictObject({ exc: marketExchange.default('MCX') }),
  response: z.object({
    data: z.object({
      exc: marketExchange,
      MktStatus: z.enum(['Open', 'Closed', 'Pre-Open', 'Post-Close']),
      exchfeedtime: z.string(),
    }),
  }),
});

const sessionPhase = z.enum(['pre-open', 'open', 'post-close']);
const hourMinute = z.string().regex(/^\d{2}:\d{2}$/);

export const exchangeTimingsSchema = exchangeStatusSchema.extend({
  /** Today's sessions at the exchange's hours (IST "hh:mm", end exclusive), also when the demo keeps it open. */
  sessions: z.array(z.object({ phase: sessionPhase, start: hourMinute, end: hourMinute })),
  /** False on a weekend or exchange holiday: the sessions are then the next trading day's. */
  tradingToday: z.boolean(),
  /** IST "yyyy-mm-dd" of the day the sessions are for. */
  sessionDate: z.string(),
});

export const infoExchangeTimings = defineCall({
  path: '/Info/GetExchangeTimings',
  summary: "Every exchange's status now and its session timings (investing.md /home/markettimings), in IST",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({
    exchfeedtime: z.string(),
    mode: z.enum(['always', 'real']),
    exchanges: z.array(exchangeTimingsSchema),
  }),
});

export const marketCalls = [marketStatusService, infoMarketStatus, infoExchangeTimings] as const;
