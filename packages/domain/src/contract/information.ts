import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { isoDay } from './wire-schemas.ts';

/**
 * Information pages and order notifications (investing.md 2 "Routes" information pages, "Alerts and Notifications",
 * 7 "Alerts, funds, reports, info"). The spec names the calls only; the shapes are chosen. Prices and amounts are
 * decimal strings (integers in paise inside); times are IST "yyyy-mm-dd HH:MM:SS"; dates "yyyy-mm-dd".
 */

const empty = z.strictObject({});
const istDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'an IST time as yyyy-mm-dd HH:MM:SS');
const decimal = z.string().regex(/^-?\d+\.\d{2,4}$/, 'a decimal string');

export const bulletinExchanges = ['NSE', 'BSE', 'MCX', 'CDSL', 'NSDL'] as const;
export const bulletinExchangeSchema = z.enum(bulletinExchanges);

export const exchangeMessageSchema = z.object({
  id: z.string(),
  exchange: bulletinExchangeSchema,
  /** What the notice is about, as the exchange labels it (Trading, Surveillance, Holiday...). */
  category: z.string(),
  subject: z.string(),
  message: z.string(),
  postedAt: istDateTime,
});
export type ExchangeMessage = z.infer<typeof exchangeMessageSchema>;

export const getExchangeMessages = defineCall({
  path: '/Info/GetExchangeMessages',
  summary: "The simulated exchanges' bulletin: recent notices, newest first",
  access: 'session',
  request: empty,
  response: z.object({ messages: z.array(exchangeMessageSchema) }),
});

export const importantLinkSchema = z.object({
  /** Exchanges, Depositories, Regulator or Investor grievances. */
  group: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string().url(),
});
export type ImportantLink = z.infer<typeof importantLinkSchema>;

export const getImportantLinks = defineCall({
  path: '/Info/GetImportantLinks',
  summary: 'A curated list of links: exchanges, depositories, SEBI and SCORES',
  access: 'session',
  request: empty,
  response: z.object({ links: z.array(importantLinkSchema) }),
});

/** The cash markets a bhav copy is made for. */
export const bhavCopyExchanges = ['NSE', 'BSE'] as const;

export const bhavCopyRowSchema = z.object({
  symbol: z.string(),
  isin: z.string(),
  /** null while the instrument has not traded today: the session has no open, high or low for it yet. */
  open: decimal.nullable(),
  high: decimal.nullable(),
  low: decimal.nullable(),
  /** The last traded price, or the exchange's reference price while untraded. */
  last: decimal,
  previousClose: decimal,
  /** Shares traded today. */
  volume: z.number().int().nonnegative(),
  /** Value traded today in rupees (2 decimals). */
  turnover: decimal,
  trades: z.number().int().nonnegative(),
});
export type BhavCopyRow = z.infer<typeof bhavCopyRowSchema>;

export const getBhavCopy = defineCall({
  path: '/Info/GetBhavCopy',
  summary: "The day's statistics of every equity of a cash market, as the simulated exchange has them now",
  access: 'session',
  request: z.strictObject({ exchange: z.enum(bhavCopyExchanges).default('NSE') }),
  response: z.object({
    exchange: z.enum(bhavCopyExchanges),
    sessionDate: isoDay,
    asOf: istDateTime,
    /** Market status of the exchange when read: a closed market's copy is the day's final one. */
    status: z.enum(['open', 'pre-open', 'post-close', 'closed']),
    rows: z.array(bhavCopyRowSchema),
  }),
});

export const loginAlertSchema = z.object({
  id: z.string(),
  loginTime: istDateTime,
  ip: z.string(),
  /** A short device description from the browser's user agent ('Chrome on Windows'). */
  device: z.string(),
  /** How the login was completed: password, or password and OTP. */
  method: z.enum(['PASSWORD', 'OTP']),
  /** The session this request is made from. */
  current: z.boolean(),
});
export type LoginAlert = z.infer<typeof loginAlertSchema>;

export const LOGIN_ALERT_LIMIT = 20;

export const getLoginAlerts = defineCall({
  path: '/Info/GetLoginAlerts',
  summary: "The session client's own recent logins (time in IST, IP, device), newest first",
  access: 'session',
  request: empty,
  response: z.object({ logins: z.array(loginAlertSchema) }),
});

export const corporateActionTypes = ['DIVIDEND', 'SPLIT', 'BONUS', 'RIGHTS', 'BUYBACK'] as const;

export const corporateActionSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  companyName: z.string(),
  exchange: z.enum(['NSE', 'BSE']),
  type: z.enum(corporateActionTypes),
  /** What the company announced, in the exchanges' words ('Interim Dividend - Rs 9.50 Per Share'). */
  purpose: z.string(),
  exDate: isoDay,
  recordDate: isoDay,
});
export type CorporateAction = z.infer<typeof corporateActionSchema>;

export const getCorpActions = defineCall({
  path: '/Info/CorpActions',
  summary: 'Corporate actions (dividends, splits, bonuses...) of listed companies from the exchange bulletin',
  access: 'session',
  request: empty,
  response: z.object({ actions: z.array(corporateActionSchema) }),
});

export const orderAlertSchema = z.object({
  /** Unique in the list: the order event's or the trade's row, prefixed E or T. */
  id: z.string(),
  alertMessage: z.string(),
  alertTime: istDateTime,
  kind: z.enum(['ORDER', 'TRADE']),
});
export type OrderAlert = z.infer<typeof orderAlertSchema>;

export const getOrderAndTradeAlerts = defineCall({
  path: '/Alerts/GetOrderAndTradeAlerts',
  summary: "The session client's order and trade events of the IST day, newest first",
  access: 'session',
  request: empty,
  response: z.object({ alerts: z.array(orderAlertSchema) }),
});

export const informationCalls = [
  getExchangeMessages,
  getImportantLinks,
  getBhavCopy,
  getLoginAlerts,
  getCorpActions,
  getOrderAndTradeAlerts,
] as const;
