import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';
import { checkDematNumber, type FieldCheck } from '../validators/credentials.ts';
import { platformText } from '../messages/platform.ts';

/**
 * Demat-charges payment calls (platform.md 2.6, 3.6, 4.6, 7.3). The spec does not show the paths; these are ours.
 * Amounts are integers in paise; gstPerc is in hundredths of a percent (0 -> "0.00").
 */

/** A CDSL demat account (16 digits) or an NSDL one (IN followed by 14 characters). */
export const DEMAT_ACCOUNT_PATTERN = /^(\d{16}|IN[0-9A-Z]{14})$/;
export const CAPTCHA_LENGTH = 5;

/** Required (platform.md 5) and, being ours to choose, of the depositories' format: one message for both. */
export function checkDpId(value: string): FieldCheck {
  return (
    checkDematNumber(value) ??
    (DEMAT_ACCOUNT_PATTERN.test(value.trim().toUpperCase()) ? null : platformText.invalidDpId)
  );
}

const dematAccountNumber = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => DEMAT_ACCOUNT_PATTERN.test(v), platformText.invalidDpId);
const captchaCode = z.string().trim().min(1, platformText.invalidCaptcha).max(12);
/** The opaque, server-issued token that stands for one lookup (never a client-side secret: platform.md 9 calls that weak). */
const detailsToken = z.string().min(10).max(400);
const paise = z.number().int().nonnegative();

export const dematClientDetailsSchema = z.object({
  clientName: z.string(),
  ibRefNo: z.string(),
  dematAccNo: z.string(),
  totalAmount: paise,
  serviceCharge: paise,
  gstPerc: z.number().int().nonnegative(),
  totalPayAmt: paise,
  /** Personal data: sent masked and never displayed (platform.md 3.6). */
  mobile: z.string(),
  email: z.string(),
});
export type DematClientDetails = z.infer<typeof dematClientDetailsSchema>;

export const lookupDematDues = defineCall({
  path: '/initPay/clientDematDetails',
  summary: 'Demat charges due on an account; needs the captcha shown by GET /generateCaptcha (its cookie names it)',
  access: 'public',
  request: z.strictObject({ dematAccountNumber, captchaCode }),
  response: z.object({
    statusCode: z.literal(200),
    message: z.string(),
    ClientDetails: dematClientDetailsSchema,
    /** Goes in /DematPaymentDetails?params=... */
    params: z.string(),
  }),
});

export const getDematPaymentDetails = defineCall({
  path: '/DematPayment/Details',
  summary: 'The details behind a params token of /DematPaymentDetails',
  access: 'public',
  request: z.strictObject({ params: detailsToken }),
  response: z.object({ statusCode: z.literal(200), message: z.string(), ClientDetails: dematClientDetailsSchema }),
});

export const initiatePaymentResponseSchema = z.object({
  atomTokenID: z.string(),
  merchID: z.string(),
  email: z.string(),
  mobile: z.string(),
  returnUrl: z.string(),
});

export const initiateDematPayment = defineCall({
  path: '/initPay/AtomPay',
  summary: 'Start paying the dues behind a params token; answers the payment provider token for its popup',
  access: 'public',
  needsAppId: true,
  request: z.strictObject({ params: detailsToken }),
  response: z.object({
    statusCode: z.literal(200),
    message: z.string(),
    initiatePaymentResponse: initiatePaymentResponseSchema,
  }),
});

export const gatewayStatusSchema = z.enum(['PENDING', 'SUCCESS', 'FAILED']);

export const getGatewayTransaction = defineCall({
  path: '/PaymentGateway/Transaction',
  summary: 'Simulated payment provider: the transaction its popup shows',
  access: 'public',
  request: z.strictObject({ atomTokenID: z.string().min(1).max(100), merchID: z.string().min(1).max(50) }),
  response: z.object({
    atomTokenID: z.string(),
    merchID: z.string(),
    merchantName: z.string(),
    amount: paise,
    reference: z.string(),
    status: gatewayStatusSchema,
  }),
});

export const completeGatewayTransaction = defineCall({
  path: '/PaymentGateway/Complete',
  summary: "Simulated payment provider: the payer's choice in its popup (pay or fail); answers where to return",
  access: 'public',
  request: z.strictObject({
    atomTokenID: z.string().min(1).max(100),
    merchID: z.string().min(1).max(50),
    outcome: z.enum(['pay', 'fail']),
  }),
  response: z.object({
    status: z.enum(['SUCCESS', 'FAILED']),
    msg: z.string(),
    transID: z.string(),
    /** The broker's return page with status, msg and transID in its query (platform.md 2.6). */
    returnUrl: z.string(),
  }),
});

export const paymentCalls = [
  lookupDematDues,
  getDematPaymentDetails,
  initiateDematPayment,
  getGatewayTransaction,
  completeGatewayTransaction,
] as const;
