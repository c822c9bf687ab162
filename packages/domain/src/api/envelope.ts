import { z } from 'zod';

/** App version sent with every request (platform.md 9). */
export const APP_VERSION = '3.0.0';

/** Header carrying the per-browser app id on order-related and pay-in calls (platform.md 7.1). */
export const APP_ID_HEADER = 'x-app-id';
/** Header naming the agreed encryption key of an encrypted body (see the server's encryption plugin). */
export const ENCRYPTION_KEY_HEADER = 'x-enc-key';
/** Header making order placement safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const requestEnvelopeSchema = z.strictObject({
  request: z.strictObject({
    data: z.unknown().default({}),
    appVersion: z.string().max(20).optional(),
  }),
});

export interface ResponseEnvelope<T> {
  response: { infoID: string; infoMsg: string; data: T | null };
}

export const SUCCESS_INFO_ID = '0';
