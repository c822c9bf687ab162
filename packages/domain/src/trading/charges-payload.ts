import { z } from 'zod';
import { rupeesString } from '../money/money.ts';
import type { Charges } from './charges.ts';
import { decimalInputSchema } from './order-payload.ts';

/**
 * trading.md 3 "Charges payload". The server prices the order from its own instrument facts (lot qualifier, decimals)
 * found by exchange and symbol; the client's lotSize is informative only.
 */
export const chargesPayloadSchema = z.strictObject({
  exchange: z.enum(['NSE', 'BSE', 'NFO', 'BFO', 'CDS', 'MCX', 'NCDEX']),
  segment: z.string().max(20),
  transactionType: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['buy', 'sell'])),
  quantity: decimalInputSchema,
  price: decimalInputSchema,
  product: z.enum(['INTRADAY', 'NRML']),
  instrumentType: z.string().max(12),
  symbol: z.string().min(1).max(64),
  lotSize: z.number().int().positive().optional(),
});
export type ChargesPayload = z.infer<typeof chargesPayloadSchema>;

const rupees = z.string().regex(/^\d+\.\d{2}$/);

/** trading.md 3 "Charges response": rupee amounts with 2 decimals and percent text, plus the total. */
export const chargesResponseSchema = z.object({
  brokerage: rupees,
  stt: rupees,
  sttPercent: z.string(),
  gstOnBrokerage: rupees,
  gstPercent: z.string(),
  transactionCharge: rupees,
  transactionChargePercent: z.string(),
  sebiFee: rupees,
  sebiFeePercent: z.string(),
  stampDuty: rupees,
  stampDutyPercent: z.string(),
  total: rupees,
});
export type ChargesResponse = z.infer<typeof chargesResponseSchema>;

/** Paise to the response's rupee text (the API edge is the only place amounts become decimals). */
export function chargesResponse(charges: Charges): ChargesResponse {
  return {
    brokerage: rupeesString(charges.brokerage),
    stt: rupeesString(charges.stt),
    sttPercent: charges.sttPercent,
    gstOnBrokerage: rupeesString(charges.gstOnBrokerage),
    gstPercent: charges.gstPercent,
    transactionCharge: rupeesString(charges.transactionCharge),
    transactionChargePercent: charges.transactionChargePercent,
    sebiFee: rupeesString(charges.sebiFee),
    sebiFeePercent: charges.sebiFeePercent,
    stampDuty: rupeesString(charges.stampDuty),
    stampDutyPercent: charges.stampDutyPercent,
    total: rupeesString(charges.total),
  };
}
