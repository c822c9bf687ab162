import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';

const empty = z.strictObject({});

export const appConfigSchema = z.object({
  appVersion: z.string(),
  environment: z.string(),
  encryption: z.boolean(),
  sessionIdleMs: z.number().int().positive(),
  sqrOffTimeLimit: z.number().int().nonnegative(),
  newPnlForAll: z.boolean(),
  customerCare: z.object({ phones: z.array(z.string()), email: z.string() }),
  ipoHelpHours: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const getAppConfig = defineCall({
  path: '/App/Config',
  summary: 'Client configuration stored by the web app at start',
  access: 'public',
  request: empty,
  response: appConfigSchema,
});

/** platform.md 4.7: 'N' selects the older feed, anything else the newer one. */
export const getStreamStatus = defineCall({
  path: '/TRstreamStatus',
  summary: 'Which live feed the stream client uses (Y new, N old)',
  access: 'public',
  request: empty,
  response: z.object({ trStreamStatus: z.enum(['Y', 'N']) }),
});

export const STREAM_LOG_MAX_MESSAGE = 500;

export const logStreamEvent = defineCall({
  path: '/Stream/Logging',
  summary: 'A small log record from the stream client, written to the structured log (bounded, rate limited)',
  access: 'public',
  request: z.strictObject({
    level: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    event: z.string().trim().min(1).max(60),
    message: z.string().max(STREAM_LOG_MAX_MESSAGE).default(''),
    context: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
  }),
  response: z.object({ logged: z.boolean() }),
});

/**
 * The payload-encryption key agreement: always plain JSON, never encrypted (see the server's encryption plugin).
 * publicKey is the browser's ephemeral ECDH P-256 public key, raw uncompressed point (65 bytes), base64.
 */
export const agreeEncryptionKey = defineCall({
  path: '/Session/KeyExchange',
  summary: 'Agree the AES-256-GCM key of this browser session (ECDH P-256 + HKDF-SHA-256); plain JSON',
  access: 'public',
  request: z.strictObject({ publicKey: z.string().min(80).max(120) }),
  response: z.object({
    enabled: z.boolean(),
    keyId: z.string().nullable(),
    serverPublicKey: z.string().nullable(),
    expiresAt: z.string().nullable(),
  }),
});

export const infoCalls = [getAppConfig, getStreamStatus, logStreamEvent, agreeEncryptionKey] as const;

/** The payload-encryption protocol both sides follow (see the server's plugins/encryption.ts for the whole of it). */
export const PAYLOAD_ENCRYPTION = {
  hkdfSalt: 'kite-india/payload-encryption/v1/salt',
  hkdfInfo: 'kite-india/payload-encryption/v1/aes-256-gcm',
  ivBytes: 12,
  tagBytes: 16,
  requestAad: (keyId: string) => `kite-req:${keyId}`,
  responseAad: (keyId: string) => `kite-res:${keyId}`,
  /** Answered in plain JSON for an unknown or expired key: agree a new key and retry once. */
  keyInvalidCode: 'EGN007',
} as const;
