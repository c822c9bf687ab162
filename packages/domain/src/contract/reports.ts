import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { gainTerms } from '../investing/capital-gains.ts';

/**
 * Report calls (investing.md 2 "Reports", 7 "Alerts, funds, reports, info"). The spec names the paths but shows no
 * payloads: these are designed here. Dates are dd/mm/yyyy IST (investing.md 9), amounts decimal strings with 2 places
 * (integer paise inside; a debit is negative where one signed figure is given), prices with the instrument's decimals.
 * Every call reads the session's client's own records only; the request names no client.
 */

const amount = z.string().regex(/^-?\d+\.\d{2}$/, 'an amount with 2 decimals');
const price = z.string().regex(/^\d+\.\d{2,4}$/, 'a price');
const slashDate = z.string().max(10);
const financialYear = z.string().regex(/^\d{4}-\d{4}$/, 'a financial year as yyyy-yyyy');

export const ledgerEntrySchema = z.object({
  /** dd/mm/yyyy HH:MM IST */
  date: z.string(),
  narration: z.string(),
  /** What the entry came from: trade (order/exchange trade id), transfer, payment. */
  voucher: z.string(),
  debit: amount,
  credit: amount,
  balance: amount,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerStatementSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  openingBalance: amount,
  entries: z.array(ledgerEntrySchema),
  totalDebit: amount,
  totalCredit: amount,
  closingBalance: amount,
});
export type LedgerStatement = z.infer<typeof ledgerStatementSchema>;

export const reportWebService = defineCall({
  path: '/Reports/ReportWebService',
  summary:
    "The client's ledger between two dates (at most a year): opening balance, entries with running balance, closing",
  access: 'session',
  request: z.strictObject({ report: z.literal('ledger'), fromDate: slashDate, toDate: slashDate }),
  response: ledgerStatementSchema,
});

const chargeColumns = {
  value: amount,
  brokerage: amount,
  stt: amount,
  transactionCharge: amount,
  gst: amount,
  sebiFee: amount,
  stampDuty: amount,
  /** Buy: value + charges, negative (payable). Sell: value - charges, positive (receivable). */
  netAmount: amount,
};

export const contractTradeSchema = z.object({
  orderNo: z.string(),
  exchangeOrderId: z.string(),
  tradeNo: z.string(),
  /** HH:MM:SS IST */
  time: z.string(),
  exchange: z.string(),
  symbol: z.string(),
  product: z.string(),
  side: z.enum(['BUY', 'SELL']),
  quantity: z.number().int(),
  price,
  ...chargeColumns,
});
export type ContractTrade = z.infer<typeof contractTradeSchema>;

export const contractNoteSchema = z.object({
  tradeDate: z.string(),
  /** Empty when the day has no trades. */
  contractNoteNo: z.string(),
  clientName: z.string(),
  userId: z.string(),
  /** Masked but for the last four characters. */
  pan: z.string(),
  trades: z.array(contractTradeSchema),
  totals: z.object(chargeColumns),
});
export type ContractNote = z.infer<typeof contractNoteSchema>;

export const digitalContract = defineCall({
  path: '/Reports/DigitalContract',
  summary: "The contract note of one trading day: the client's trades with each charge, net amounts and totals",
  access: 'session',
  request: z.strictObject({ tradeDate: slashDate }),
  response: contractNoteSchema,
});

export const tradeRegisterSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  trades: z.array(contractTradeSchema.extend({ tradeDate: z.string() })),
  totals: z.object(chargeColumns),
});
export type TradeRegister = z.infer<typeof tradeRegisterSchema>;
export type RegisterTrade = TradeRegister['trades'][number];

/** Not named by the spec: the trades behind /home/transaction, /home/stt and /home/brokerage (chosen path). */
export const tradeRegister = defineCall({
  path: '/Reports/TradeRegister',
  summary: "The client's trades between two dates (at most a year) with each charge, and the totals",
  access: 'session',
  request: z.strictObject({ fromDate: slashDate, toDate: slashDate }),
  response: tradeRegisterSchema,
});

export const gainTermSchema = z.enum(gainTerms);

export const gainLotSchema = z.object({
  symbol: z.string(),
  term: gainTermSchema,
  /** dd/mm/yyyy; '' when bought before the records. */
  buyDate: z.string(),
  sellDate: z.string(),
  quantity: z.number().int(),
  buyValue: amount,
  sellValue: amount,
  gain: amount,
});
export type GainLotRow = z.infer<typeof gainLotSchema>;

export const gainTotalSchema = z.object({ term: gainTermSchema, buyValue: amount, sellValue: amount, gain: amount });
export type GainTotalRow = z.infer<typeof gainTotalSchema>;

/** Securities only: the spec's commodity report type is not built (README). */
const yearRequest = z.strictObject({ financialYear });

export const capitalGlReport = defineCall({
  path: '/Report/CapitalGLReport',
  summary: 'Capital gain datewise for a financial year: each sale matched FIFO to its purchases, by holding period',
  access: 'session',
  request: yearRequest,
  response: z.object({ financialYear: z.string(), financialYears: z.array(z.string()), lots: z.array(gainLotSchema) }),
});

export const gainSummary = defineCall({
  path: '/Report/GainSummary',
  summary: 'Gain summary for a financial year: short term, long term and speculative totals, and per security',
  access: 'session',
  request: yearRequest,
  response: z.object({
    financialYear: z.string(),
    financialYears: z.array(z.string()),
    totals: z.array(gainTotalSchema),
    bySymbol: z.array(gainTotalSchema.extend({ symbol: z.string() })),
  }),
});

export const clientMasterSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** PAN, mobile, e-mail and account numbers are masked but for their last characters. */
  pan: z.string(),
  mobile: z.string(),
  email: z.string(),
  segments: z.array(z.string()),
  demats: z.array(
    z.object({
      depository: z.string(),
      dpId: z.string(),
      account: z.string(),
      poa: z.boolean(),
      bank: z.string(),
      bankAccount: z.string(),
    }),
  ),
  since: z.string(),
});
export type ClientMaster = z.infer<typeof clientMasterSchema>;

/** Not named by the spec: the client's own record for /home/clientmaster (chosen path). */
export const clientMaster = defineCall({
  path: '/Reports/ClientMaster',
  summary: "The client's own details, segments and demat accounts, sensitive fields masked",
  access: 'session',
  request: z.strictObject({}),
  response: clientMasterSchema,
});

/** The file of a downloaded document: its name and its bytes in base64 (the API answers JSON, encrypted or not). */
export const downloadFileSchema = z.object({ fileName: z.string(), contentType: z.string(), base64: z.string() });
export type DownloadFile = z.infer<typeof downloadFileSchema>;

/** investing.md 7 names the path: the day's contract note (as /Reports/DigitalContract) as a PDF document. */
export const downloadPdf = defineCall({
  path: '/Reports/downloadPDF',
  summary: 'The contract note of one trading day as a PDF file (base64), the same numbers as /Reports/DigitalContract',
  access: 'session',
  request: z.strictObject({ tradeDate: slashDate }),
  response: downloadFileSchema,
});

/** The back-office statement's segments (investing.md 2 "Reports": back-office report; grouping chosen). */
export const backOfficeSegments = ['equityDelivery', 'equityIntraday', 'fno', 'currency', 'commodity'] as const;
export type BackOfficeSegment = (typeof backOfficeSegments)[number];

const segmentMoney = {
  trades: z.number().int(),
  /** Buy value plus sell value. */
  turnover: amount,
  brokerage: amount,
  stt: amount,
  transactionCharge: amount,
  gst: amount,
  sebiFee: amount,
  stampDuty: amount,
  totalCharges: amount,
  realisedPnl: amount,
  /** Realised P&L less the charges. */
  netPnl: amount,
};

export const backOfficeReportSchema = z.object({
  financialYear: financialYear,
  fromDate: z.string(),
  /** 31/03 of the year's end, or today while the year is current. */
  toDate: z.string(),
  segments: z.array(z.object({ segment: z.enum(backOfficeSegments), ...segmentMoney })),
  totals: z.object(segmentMoney),
  ledger: z.object({
    openingBalance: amount,
    payIn: amount,
    payOut: amount,
    /** Every other entry of the year, net: trade settlements, charges, realised P&L, plan fees. */
    otherEntries: amount,
    closingBalance: amount,
  }),
});
export type BackOfficeReport = z.infer<typeof backOfficeReportSchema>;

/** Not named by the spec: /home/backofficereportcurrent and /home/backofficereportprevfinancialyear (chosen path). */
export const backOfficeReport = defineCall({
  path: '/Reports/BackOfficeReport',
  summary:
    "The financial year's back-office statement: turnover, charges and realised P&L per segment, and the ledger's pay-in, pay-out and balances",
  access: 'session',
  request: z.strictObject({ year: z.enum(['current', 'previous']) }),
  response: backOfficeReportSchema,
});

export const segmentSecuritySchema = z.object({
  symbol: z.string(),
  buyQty: z.number().int(),
  buyValue: amount,
  sellQty: z.number().int(),
  sellValue: amount,
  charges: amount,
  realisedPnl: amount,
});
export type SegmentSecurity = z.infer<typeof segmentSecuritySchema>;

export const segmentReportSchema = z.object({
  segment: z.enum(['equity', 'fno']),
  fromDate: z.string(),
  toDate: z.string(),
  securities: z.array(segmentSecuritySchema),
  trades: tradeRegisterSchema.shape.trades,
  totals: z.object({ turnover: amount, charges: amount, realisedPnl: amount, netPnl: amount }),
});
export type SegmentReport = z.infer<typeof segmentReportSchema>;

/** Not named by the spec: /home/equity and /home/fno, a segment's trades and realised P&L over a period (chosen path). */
export const segmentReport = defineCall({
  path: '/Reports/SegmentReport',
  summary: "The client's trades and realised P&L per security in the equity or the F&O segment between two dates",
  access: 'session',
  request: z.strictObject({ segment: z.enum(['equity', 'fno']), fromDate: slashDate, toDate: slashDate }),
  response: segmentReportSchema,
});

export const reportCalls = [
  clientMaster,
  reportWebService,
  digitalContract,
  tradeRegister,
  capitalGlReport,
  gainSummary,
  downloadPdf,
  backOfficeReport,
  segmentReport,
] as const;
