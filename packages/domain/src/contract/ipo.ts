import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { ipoCategories } from '../trading/ipo-bid.ts';

/**
 * IPO calls (investing.md 3 "IPO", 7 "IPO"). Prices and amounts are decimal strings with 2 places (integer paise inside);
 * master dates are dd-mm-yyyy and order-book dates dd/mm/yyyy (investing.md 9); times are IST "HH:MM". Every call acts
 * for the session's client only: names, PAN and demat fields in a bid are checked against the client's own.
 */

const amount = z.string().regex(/^\d+\.\d{2}$/, 'an amount with 2 decimals');
const dashDate = z.string().regex(/^\d{2}-\d{2}-\d{4}$/, 'a date as dd-mm-yyyy');
const time = z.string().regex(/^\d{2}:\d{2}$/, 'a time as HH:MM');
/** Sent with every IPO call (investing.md 3 last line); not an authority, kept for the spec's shape. */
const appKey = z.string().max(64).optional();

export const ipoCategorySchema = z.enum(ipoCategories);

export const ipoTabSchema = z.enum(['ongoing', 'upcoming']);

export const ipoMasterSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** 'Book Built' or 'Fixed Price'. */
  type: z.string(),
  biddingStartDate: dashDate,
  biddingEndDate: dashDate,
  dailyStartTime: time,
  dailyEndTime: time,
  /** In crore rupees. */
  issueSize: amount,
  minPrice: amount,
  maxPrice: amount,
  cutOffPrice: amount,
  /** "0.00" when the issue sets none. */
  tickSize: amount,
  lotSize: z.number().int().positive(),
  minBidQuantity: z.number().int().positive(),
  minimumInvestmentAmt: amount,
  maximumInvestmentAmt: amount,
  /** Per share, taken off the price for the payable amount. */
  discount: amount,
  category: z.array(ipoCategorySchema),
  isBidPlaced: z.enum(['Y', 'N']),
});
export type IpoMaster = z.infer<typeof ipoMasterSchema>;

export const upcomingIpoSchema = z.object({
  symbol: z.string(),
  lname: z.string(),
  issueType: z.string(),
  /** The price band, "285.00 - 300.00", or one price for a fixed-price issue. */
  price: z.string(),
  minQty: z.number().int().positive(),
  qtyMultiple: z.number().int().positive(),
  maxRetailPrice: amount,
  opendate: dashDate,
  closedate: dashDate,
  prospectus: z.string(),
});
export type UpcomingIpo = z.infer<typeof upcomingIpoSchema>;

export const ipoDematSchema = z.object({
  /** What the account list shows: depository and beneficiary id. */
  name: z.string(),
  /** The beneficiary (demat) id. */
  value: z.string(),
  clientName: z.string(),
  pan: z.string(),
  dpId: z.string(),
  /** Depository: CDSL or NSDL. */
  type: z.enum(['CDSL', 'NSDL']),
  bank: z.string(),
  linkedAcc: z.string(),
});
export type IpoDemat = z.infer<typeof ipoDematSchema>;

export const ipoBidStatusSchema = z.enum(['Ordered', 'Modified', 'Cancelled']);
export type IpoBidStatus = z.infer<typeof ipoBidStatusSchema>;

export const ipoBidSchema = z.object({
  /**
   * The bid's slot (1 to 3): the n of AddIPO's lot{n}, price{n}, bidRefNum{n} and activityType{n}. Not its position in
   * `bids`: a multi-bid may leave a slot empty (bids 2 and 3 only, or 1 and 3), and a modify or cancel names each
   * placed bid in its own slot.
   */
  slot: z.number().int().min(1).max(3),
  activityType: ipoBidStatusSchema,
  atCutOff: z.boolean(),
  quantity: z.number().int(),
  price: amount,
  amount: amount,
  bidReferenceNumber: z.string(),
});
export type IpoBid = z.infer<typeof ipoBidSchema>;

export const ipoOrderSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  clientName: z.string(),
  applicationNumber: z.string(),
  lotSize: z.number().int(),
  pan: z.string(),
  dpId: z.string(),
  upi: z.string(),
  depository: z.enum(['CDSL', 'NSDL']),
  clientBenId: z.string(),
  category: ipoCategorySchema,
  type: z.string(),
  /** When the application was last changed, dd-mm-yyyy HH:MM:SS IST. */
  timestamp: z.string(),
  /** '' until the basis of allotment; then 'Alloted' or 'Not Alloted'. */
  allotmentStatus: z.string(),
  allotmentQty: z.number().int(),
  biddingEndDate: dashDate,
  dailyStartTime: time,
  dailyEndTime: time,
  discount: amount,
  bids: z.array(ipoBidSchema),
});
export type IpoOrder = z.infer<typeof ipoOrderSchema>;

export const ipoActivitySchema = z.enum(['new', 'modify', 'cancel']);
export type IpoActivity = z.infer<typeof ipoActivitySchema>;

const lots = z.number().int().min(0).max(9_999_999);
/** A slot's price; blank when the slot is unused (investing.md 7: price2 and price3 are sent blank when 0.00). */
const slotPrice = z.union([
  z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'a price with at most 2 decimals'),
  z.literal(''),
]);
const ref = z.string().max(24);
const slotActivity = z.union([ipoActivitySchema, z.literal('')]);

export const addIpoRequestSchema = z.strictObject({
  symbol: z.string().min(1).max(20),
  clientName: z.string().max(120),
  /** '' for a new application; the application's number to modify or cancel it. */
  applicationNumber: z.string().max(24),
  atCutOff: z.boolean(),
  multiBid: z.boolean(),
  lot: lots,
  lot2: lots,
  lot3: lots,
  lotSize: z.number().int().positive().max(9_999_999),
  price: slotPrice,
  price2: slotPrice,
  price3: slotPrice,
  pan: z.string().max(10),
  dpId: z.string().max(16),
  upi: z.string().max(256),
  bidRefNum: ref,
  bidRefNum2: ref,
  bidRefNum3: ref,
  depository: z.string().max(8),
  clientBenId: z.string().max(16),
  activityType: ipoActivitySchema,
  activityType2: slotActivity,
  activityType3: slotActivity,
  category: ipoCategorySchema,
  appKey,
});
export type AddIpoRequest = z.infer<typeof addIpoRequestSchema>;

export const getIpo = defineCall({
  path: '/IPO/GetIPO',
  summary: 'The IPOs of a tab: ongoing (open or opening for bids) or upcoming (announced)',
  access: 'session',
  request: z.strictObject({ tab: ipoTabSchema, appKey }),
  response: z.object({ ipoList: z.union([z.array(ipoMasterSchema), z.array(upcomingIpoSchema)]) }),
});

export const getIpoData = defineCall({
  path: '/IPO/GetIPOData',
  summary: 'IPO master entries with isBidPlaced for the client, and the UPI handlers that support IPO mandates',
  access: 'session',
  request: z.strictObject({ tab: ipoTabSchema, appKey }),
  response: z.object({
    ipoList: z.object({ ipoMaster: z.array(ipoMasterSchema), ipoUpiHandler: z.array(z.string()) }),
  }),
});

export const ipoDpDetails = defineCall({
  path: '/IPO/DPDetails',
  summary: "The client's demat accounts for an IPO application, with the linked bank account",
  access: 'session',
  request: z.strictObject({ appKey }),
  response: z.object({ dematAccList: z.array(ipoDematSchema) }),
});

export const validateDematAcc = defineCall({
  path: '/IPO/ValidateDematAcc',
  summary: "Whether a beneficiary id is one of the client's own demat accounts",
  access: 'session',
  request: z.strictObject({ dematAcc: z.string().max(24), appKey }),
  response: z.object({ data: z.boolean() }),
  objectIdFields: ['dematAcc'],
});

export const addIpo = defineCall({
  path: '/IPO/AddIPO',
  summary: 'Places (activityType new), modifies or cancels an IPO application of up to 3 bids',
  access: 'session',
  request: addIpoRequestSchema,
  response: z.object({ applicationNumber: z.string(), bids: z.array(ipoBidSchema) }),
  objectIdFields: ['applicationNumber', 'bidRefNum', 'bidRefNum2', 'bidRefNum3', 'clientBenId'],
});

export const ipoOrderBook = defineCall({
  path: '/IPO/OrderBook',
  summary: "The client's IPO applications made between two dates (dd/mm/yyyy, IST)",
  access: 'session',
  request: z.strictObject({
    selectedFromDate: z.string().max(10),
    selectedToDate: z.string().max(10),
    appKey,
  }),
  response: z.object({ data: z.array(ipoOrderSchema) }),
});

export const ipoCalls = [getIpo, getIpoData, ipoDpDetails, validateDematAcc, addIpo, ipoOrderBook] as const;
