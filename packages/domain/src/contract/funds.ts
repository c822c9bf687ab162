import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { payInModes } from '../funds/fund-transfer.ts';
import { TRADE_SEGMENTS } from '../trading/segments.ts';

/**
 * Fund transfer calls (investing.md 7 "Alerts, funds, reports, info": names only, "payloads not shown"). The shapes are
 * ours, after an Indian broker's: amounts are rupee strings with 2 decimals (integer paise inside), times are IST
 * "dd-mm-yyyy HH:MM:SS", bank accounts leave the server masked. Every call acts for the session's client only.
 */

const amount = z.string().regex(/^\d+\.\d{2}$/, 'an amount with 2 decimals');
/** A balance that may be owed (a debit balance): a minus sign then. */
const balance = z.string().regex(/^-?\d+\.\d{2}$/, 'an amount with 2 decimals');
/** What the client typed, in rupees: at most 2 decimals; the limits are the service's (answer FND002). */
const amountInput = z
  .string()
  .trim()
  .max(20)
  .regex(/^\d+(\.\d{1,2})?$/, 'an amount in rupees with at most 2 decimals');
const istTime = z.string();
const reference = z.string().min(1).max(32);

export const payInModeSchema = z.enum(payInModes);
export const transferDirectionSchema = z.enum(['PAYIN', 'PAYOUT']);
export const transferStatusSchema = z.enum(['PENDING', 'SUCCESS', 'FAILED', 'PROCESSED', 'CANCELLED']);
export type TransferStatus = z.infer<typeof transferStatusSchema>;

export const linkedBankSchema = z.object({
  /** Names the bank in pay-in and pay-out requests (the demat account it is linked to). */
  bankId: z.string(),
  bankName: z.string(),
  /** Only the last four digits: XXXXXXXX1234. */
  accountNumber: z.string(),
});
export type LinkedBank = z.infer<typeof linkedBankSchema>;

export const fundBalancesSchema = z.object({
  ledger: amount,
  availableMargin: amount,
  withdrawable: amount,
});
export type FundBalances = z.infer<typeof fundBalancesSchema>;

export const fundTransferSchema = z.object({
  reference: z.string(),
  direction: transferDirectionSchema,
  status: transferStatusSchema,
  amount,
  /** What the pay-out run paid (at most `amount`: what was withdrawable when it ran); '' for a pay-in and until then. */
  paidAmount: amount.or(z.literal('')),
  bankName: z.string(),
  accountNumber: z.string(),
  /** UPI or NETBANKING for a pay-in; NEFT for a pay-out. */
  mode: z.string(),
  requestedAt: istTime,
  /** '' while pending. */
  completedAt: istTime,
  /** The gateway's transaction id of a pay-in, '' otherwise. */
  gatewayTransId: z.string(),
});
export type FundTransfer = z.infer<typeof fundTransferSchema>;

export const getBankDetails = defineCall({
  path: '/FundTransfer/GetBankDetails',
  summary: "The client's bank accounts linked to their demat accounts (masked), and their balances",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({ banks: z.array(linkedBankSchema), balances: fundBalancesSchema }),
});

export const getPayInOptions = defineCall({
  path: '/FundTransfer/GetPayInOptions',
  summary: 'Pay-in modes and limits (per request, per IST day, and what is left of today)',
  access: 'session',
  needsAppId: true,
  request: z.strictObject({}),
  response: z.object({
    modes: z.array(z.object({ mode: payInModeSchema, label: z.string() })),
    minAmount: amount,
    maxAmount: amount,
    remainingToday: amount,
  }),
});

export const placePayInRequest = defineCall({
  path: '/FundTransfer/PlacePayInRequest',
  summary: 'Starts a pay-in through the payment gateway; answers the gateway token for its payment window',
  access: 'session',
  needsAppId: true,
  request: z.strictObject({ bankId: z.string().min(1).max(20), amount: amountInput, mode: payInModeSchema }),
  response: z.object({
    reference: z.string(),
    amount,
    atomTokenID: z.string(),
    merchID: z.string(),
    /** The gateway's payment window to open, token and merchant in its query. */
    paymentUrl: z.string(),
  }),
  objectIdFields: ['bankId'],
});

export const gatewayPayInStatus = defineCall({
  path: '/Gateway/RazorPay',
  summary: "A pay-in's state as the gateway reported it (the page asks when the payer returns from the gateway)",
  access: 'session',
  request: z.strictObject({ reference }),
  response: fundTransferSchema,
  objectIdFields: ['reference'],
});

export const placePayOutRequest = defineCall({
  path: '/FundTransfer/PlacePayOutRequest',
  summary: 'Withdraws up to the withdrawable balance: blocked at once, paid to the bank at the next settlement run',
  access: 'session',
  request: z.strictObject({ bankId: z.string().min(1).max(20), amount: amountInput }),
  response: z.object({ payout: fundTransferSchema, balances: fundBalancesSchema }),
  objectIdFields: ['bankId'],
});

export const cancelPayoutRequest = defineCall({
  path: '/FundTransfer/CancelPayoutRequest',
  summary: 'Cancels a pending pay-out and releases its block',
  access: 'session',
  request: z.strictObject({ reference }),
  response: z.object({ payout: fundTransferSchema, balances: fundBalancesSchema }),
  objectIdFields: ['reference'],
});

export const pendingPayouts = defineCall({
  path: '/TR/PendingPayouts',
  summary: "The client's pay-outs not yet processed to the bank",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({ payouts: z.array(fundTransferSchema) }),
});

export const getFundTransferLogs = defineCall({
  path: '/FundTransfer/GetFundTransferLogs',
  summary: 'Every pay-in and pay-out of the client, newest first (at most the last 200)',
  access: 'session',
  request: z.strictObject({}),
  response: z.object({ logs: z.array(fundTransferSchema) }),
});

export const segmentAllocationSchema = z.object({
  segment: z.enum(TRADE_SEGMENTS),
  openOrders: z.number().int(),
  /** Margin the segment's open orders hold until they fill or close. */
  blockedByOrders: amount,
  openPositions: z.number().int(),
  /** Margin the segment's open positions hold (a delivery buy is paid from the ledger and holds none). */
  usedByPositions: amount,
  allocated: amount,
});
export type SegmentAllocation = z.infer<typeof segmentAllocationSchema>;

export const allocateFundsReport = defineCall({
  path: '/Allocate/Funds/Report',
  summary:
    "Where the client's funds are now, by segment: margin held by open orders and open positions, from the one pool of funds every segment trades on",
  access: 'session',
  request: z.strictObject({}),
  response: z.object({
    asAt: istTime,
    /**
     * The segments the client may trade, and any other still holding an order or a position, in the order of the order
     * book's tabs; one holding nothing shows 0.00.
     */
    segments: z.array(segmentAllocationSchema),
    pool: z.object({
      ledger: balance,
      collateral: amount,
      /** Pay-outs requested and not yet paid: held back from trading. */
      payoutsHeld: amount,
      /** The segments' allocations summed. */
      allocated: amount,
      availableMargin: balance,
      withdrawable: amount,
    }),
  }),
});

export const fundsCalls = [
  getBankDetails,
  getPayInOptions,
  placePayInRequest,
  gatewayPayInStatus,
  placePayOutRequest,
  cancelPayoutRequest,
  pendingPayouts,
  getFundTransferLogs,
  allocateFundsReport,
] as const;
