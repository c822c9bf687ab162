import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';

/**
 * Pledge calls (investing.md 3 "Pledge", 7 "Pledge and depository"). Quantities are whole shares. Every call acts for
 * the session's client only: a demat, client id or user id in the body must be the client's own.
 */

const appKey = z.string().max(64).optional();
const source = z.enum(['W', 'P']);
const isin = z.string().regex(/^IN[A-Z0-9]{10}$/, 'an ISIN');
const symbol = z.string().min(1).max(40);
const quantity = z.number().int().min(0).max(9_999_999);
const dematId = z.string().min(1).max(24);

export const pledgeTabSchema = z.enum(['PLEDGE', 'UNPLEDGE']);
export type PledgeTab = z.infer<typeof pledgeTabSchema>;

export const pledgeHoldingSchema = z.object({
  symbol: z.string(),
  isin: z.string(),
  /** The holding's exchange (NSE or BSE). */
  segment: z.string(),
  /** Free in the demat: not pledged, not sold or held by an open sell. */
  freeQty: z.number().int(),
  /** Free less what waits at the depository in a pledge request. */
  toPledgeQty: z.number().int(),
  /** Pledged, less what is marked for an exchange segment or waits in an unpledge. */
  toUnPledgeQty: z.number().int(),
  /** Status text of the holding's latest pledge request ('' when none). */
  request: z.string(),
  /** The depository that confirms a pledge of it: CDSL or NSDL. */
  gatewaySource: z.string(),
  companyName: z.string(),
});
export type PledgeHolding = z.infer<typeof pledgeHoldingSchema>;

export const pledgeDematSchema = z.object({
  pledgerDemat: z.string(),
  pledgerName: z.string(),
  /** Masked: the first 5 characters hidden (investing.md 9). */
  mobile: z.string(),
  dpName: z.string(),
  pledgeeName: z.string(),
  pledgeeDematId: z.string(),
  /** Y: the pledge goes through the depository gateway (NSDL form and polling, CDSL redirect); N: a plain submit. */
  apiStatus: z.enum(['Y', 'N']),
  apiKey: z.string().optional(),
  depository: z.enum(['CDSL', 'NSDL']),
  dpId: z.string(),
  data: z.array(pledgeHoldingSchema),
});
export type PledgeDemat = z.infer<typeof pledgeDematSchema>;

const detailRequest = z.strictObject({
  tab: pledgeTabSchema,
  source: source.optional(),
  /** The signed-in client's user id, as the spec sends it; another id is refused. */
  clientId: z.string().max(16).optional(),
  appKey,
});

export const pledgeDetail = defineCall({
  path: '/Pledge/Detail',
  summary: "The client's demat accounts with the holdings to pledge (tab PLEDGE) or unpledge (tab UNPLEDGE)",
  access: 'session',
  request: detailRequest,
  response: z.object({ dematData: z.array(pledgeDematSchema) }),
});

export const pledgeDetailV2 = defineCall({
  path: '/Pledge/DetailV2',
  summary: 'As /Pledge/Detail, with each demat’s gateway app key (apiKey)',
  access: 'session',
  request: detailRequest,
  response: z.object({ dematData: z.array(pledgeDematSchema) }),
});

export const pledgeItemSchema = z.strictObject({ symbol, isin, segment: z.string().max(8), qty: quantity });
export type PledgeItem = z.infer<typeof pledgeItemSchema>;

export const pledgeRequest = defineCall({
  path: '/Pledge/Request',
  summary: 'Pledges (a demat without gateway) or unpledges securities of one of the client’s demats at once',
  access: 'session',
  request: z.strictObject({
    symbolArr: z.array(pledgeItemSchema).max(200),
    demat: dematId,
    req_type: pledgeTabSchema,
    source: source.optional(),
    appKey,
  }),
  response: z.object({ MESSAGE: z.string() }),
  objectIdFields: ['demat'],
});

export const nsdlSecurityDetailSchema = z.object({
  seqNo: z.string().max(40),
  isin,
  isinName: z.string().max(120),
  quantity: z.string().max(16),
  lockInReasonCode: z.string().max(8),
  lockInReleaseDate: z.string().max(12),
});

export const nsdlStatusReplySchema = z.object({
  /** The request reference on success; UNAUTHORISED, FAILED, NOT_FOUND or '' otherwise. */
  pledgeStatus: z.string(),
  Message: z.string(),
  /** JSON text of [{ requestReference, isinName, msg }]. */
  pledgeSymbolArray: z.string(),
  uniqueNo: z.string(),
});
export type NsdlStatusReply = z.infer<typeof nsdlStatusReplySchema>;

export const pledgeOnlineNsdl = defineCall({
  path: '/Pledge/Online/NSDL',
  summary:
    "NSDL helper: a unique number for a new pledge of the client's NSDL demat (uniqueNo), or the status of a request (requestStatusCheck)",
  access: 'session',
  request: z.union([
    z.strictObject({ requestFor: z.literal('uniqueNo'), appKey }),
    z.strictObject({
      requestFor: z.literal('requestStatusCheck'),
      requestReference: z.string().min(1).max(40),
      appKey,
    }),
  ]),
  response: nsdlStatusReplySchema,
  objectIdFields: ['requestReference'],
});

export const cdslSecurityDetailSchema = z.strictObject({
  symbol,
  isin,
  value: z.literal('10'),
  quantity: z.string().regex(/^\d{1,7}$/, 'a whole quantity'),
});

export const pledgeOnlineCdsl = defineCall({
  path: '/Pledge/Online/CDSL',
  summary: 'Files a pledge for the CDSL gateway and answers the address the browser is sent to',
  access: 'session',
  request: z.strictObject({
    clientId: z.string().max(16).optional(),
    source,
    demat: dematId,
    reqType: z.literal('PLEDGE'),
    secDtls: z.array(cdslSecurityDetailSchema).min(1).max(200),
    appKey,
  }),
  response: z.object({ redirectUrl: z.string() }),
  objectIdFields: ['demat'],
});

export const exchangeSegmentQtySchema = z.object({ name: z.string().max(8), quantity: quantity });

export const exchangePledgeItemSchema = z.object({
  symbol: z.string(),
  isin: z.string(),
  demat: z.string(),
  /** Pledge list: pledged at the depository and not yet marked; unpledge list: marked for exchange segments. */
  freeQty: z.number().int(),
  toPledgeQty: z.number().int(),
  toUnPledgeQty: z.number().int(),
  /** Quantity marked per segment (CM, FO, CDS). */
  segments: z.array(exchangeSegmentQtySchema),
  request: z.string(),
});
export type ExchangePledgeItem = z.infer<typeof exchangePledgeItemSchema>;

export const exchangePledgeSubmitItemSchema = z.strictObject({
  symbol,
  isin,
  demat: dematId,
  segments: z
    .array(z.strictObject({ name: z.string().max(8), quantity }))
    .min(1)
    .max(4),
});
export type ExchangePledgeSubmitItem = z.infer<typeof exchangePledgeSubmitItemSchema>;

export const exchangePledgeReqTypeSchema = z.enum(['EXCHANGE_PLEDGE_UNPLEDGE', 'EPLEDGE', 'EUNPLEDGE']);

export const exchangePledgeUnpledge = defineCall({
  path: '/Exchange/PledgeUnpledge',
  summary:
    'Exchange pledge: the lists (reqType EXCHANGE_PLEDGE_UNPLEDGE), or marks (EPLEDGE) or unmarks (EUNPLEDGE) pledged securities for segments',
  access: 'session',
  request: z.strictObject({
    reqType: exchangePledgeReqTypeSchema,
    symbols: z.array(exchangePledgeSubmitItemSchema).max(200).optional(),
    appKey,
    /** The signed-in client's user id, as the spec sends it; another id is refused. */
    userId: z.string().max(16).optional(),
  }),
  response: z.object({
    /** ENABLED, or DISABLED ('This feature will come soon !!'). */
    state: z.enum(['ENABLED', 'DISABLED']),
    /** Segments the client is not enabled for. */
    exErr: z.array(z.string()),
    ExchangePledgeUnpledge: z.object({
      rePledge: z.array(exchangePledgeItemSchema),
      reUnpledge: z.array(exchangePledgeItemSchema),
    }),
    /** SUCCESS after a submit, '' for the list. */
    status: z.string(),
  }),
  objectIdFields: ['symbols.[].demat'],
});

export const pledgeCalls = [
  pledgeDetail,
  pledgeDetailV2,
  pledgeRequest,
  pledgeOnlineNsdl,
  pledgeOnlineCdsl,
  exchangePledgeUnpledge,
] as const;
