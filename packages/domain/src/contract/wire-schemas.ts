import { z } from 'zod';

/** Field schemas the contracts share, each defined once. */

/** A price or an amount as the API writes it: a decimal string, never a binary float. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal number');

/** A calendar day as yyyy-mm-dd. */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as yyyy-mm-dd');

/** The exchanges the market lists. */
export const exchange = z.enum(['NSE', 'BSE', 'NFO', 'BFO', 'CDS', 'MCX', 'NCDEX']);
