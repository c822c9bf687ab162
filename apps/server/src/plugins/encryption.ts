import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ENCRYPTION_KEY_HEADER,
  PAYLOAD_ENCRYPTION,
  agreeEncryptionKey,
  ok,
  reject,
  invalidRequest,
  invalidRequestText,
} from '@kite/domain';
import type { Db } from '../db/pool.ts';
import { envelope, registerCall } from './calls.ts';
import { FixedWindowLimiter, refuseOverLimit } from './rate-limit.ts';

/**
 * Payload encryption (platform.md 7.1 keeps it; ARCHITECTURE.md "Security": a key agreed per browser session).
 *
 * 1. The browser makes an ephemeral ECDH P-256 key pair and POSTs its raw public key (65 bytes, base64) in plain JSON
 *    to /api/Session/KeyExchange. The server makes its own ephemeral pair, answers its raw public key, a key id and
 *    an expiry, and forgets its private key.
 * 2. Both sides take the 32-byte ECDH shared secret through HKDF-SHA-256 (salt and info below) to one AES-256-GCM key.
 * 3. Every other POST /api body is then text: base64(IV 12 bytes || ciphertext || GCM tag 16 bytes) of the JSON
 *    envelope, with header x-enc-key naming the key id; the additional authenticated data is "kite-req:<keyId>".
 *    The answer comes back the same way with "kite-res:<keyId>", so a request can never pass for an answer.
 * An unknown or expired key id answers EGN007 in plain JSON: the browser agrees a new key and retries once.
 */
export const ENCRYPTION_PROTOCOL = { curve: 'prime256v1', ...PAYLOAD_ENCRYPTION } as const;

const KEY_EXCHANGE_URL = `/api${agreeEncryptionKey.path}`;
const MEMORY_LIMIT = 50_000;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const PLAIN_REFUSED_MESSAGE =
  'This server accepts only encrypted requests: agree a key with /api/Session/KeyExchange and send the body encrypted ' +
  'with header x-enc-key (or run the server with ENCRYPTION=off).';
export const TAMPERED_MESSAGE =
  'The encrypted request could not be verified: it was altered or not made with this key. Nothing was changed.';

export interface AgreedKey {
  id: string;
  key: Buffer;
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The agreed key that decrypted this request; its answer is encrypted with it. Null for plain calls. */
    payloadKey: AgreedKey | null;
  }
}

export function deriveAesKey(sharedSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sharedSecret, ENCRYPTION_PROTOCOL.hkdfSalt, ENCRYPTION_PROTOCOL.hkdfInfo, 32));
}

export function sealPayload(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(ENCRYPTION_PROTOCOL.ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** The plaintext, or null when the text is not base64 of IV + ciphertext + tag or fails authentication. */
export function openPayload(key: Buffer, text: string, aad: string): string | null {
  const trimmed = text.trim();
  if (!BASE64.test(trimmed)) return null;
  const raw = Buffer.from(trimmed, 'base64');
  const { ivBytes, tagBytes } = ENCRYPTION_PROTOCOL;
  if (raw.length < ivBytes + tagBytes) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivBytes));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - tagBytes));
    return Buffer.concat([decipher.update(raw.subarray(ivBytes, raw.length - tagBytes)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** Agreed keys: in memory for speed, in PostgreSQL so a restart does not break open browser sessions. */
export class PayloadKeyStore {
  private readonly memory = new Map<string, AgreedKey>();
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  /** Runs the server half of the agreement; null when the browser's public key is not a P-256 point. */
  async agree(browserPublicKey: Buffer): Promise<{ agreed: AgreedKey; serverPublicKey: Buffer } | null> {
    const ecdh = createECDH(ENCRYPTION_PROTOCOL.curve);
    const serverPublicKey = ecdh.generateKeys();
    let secret: Buffer;
    try {
      secret = ecdh.computeSecret(browserPublicKey);
    } catch {
      return null;
    }
    const agreed: AgreedKey = {
      id: randomBytes(16).toString('base64url'),
      key: deriveAesKey(secret),
      expiresAt: Date.now() + this.ttlMs,
    };
    await this.db.query('INSERT INTO payload_keys (key_id, aes_key, expires_at) VALUES ($1, $2, $3)', [
      agreed.id,
      agreed.key,
      new Date(agreed.expiresAt),
    ]);
    this.remember(agreed);
    await this.purgeExpired();
    return { agreed, serverPublicKey };
  }

  async find(keyId: string): Promise<AgreedKey | null> {
    const cached = this.memory.get(keyId);
    if (cached) {
      if (cached.expiresAt > Date.now()) return cached;
      this.memory.delete(keyId);
      return null;
    }
    if (keyId.length > 64) return null;
    const { rows } = await this.db.query<{ aes_key: Buffer; expires_at: Date }>(
      'SELECT aes_key, expires_at FROM payload_keys WHERE key_id = $1 AND expires_at > now()',
      [keyId],
    );
    const row = rows[0];
    if (!row) return null;
    const found: AgreedKey = { id: keyId, key: row.aes_key, expiresAt: row.expires_at.getTime() };
    this.remember(found);
    return found;
  }

  /** Forgets the in-memory copies, as a restart would (tests). */
  forgetMemory(): void {
    this.memory.clear();
  }

  private remember(agreed: AgreedKey): void {
    if (this.memory.size >= MEMORY_LIMIT) {
      const oldest = this.memory.keys().next();
      if (!oldest.done) this.memory.delete(oldest.value);
    }
    this.memory.set(agreed.id, agreed);
  }

  private async purgeExpired(): Promise<void> {
    if (Date.now() - this.lastPurge < 60_000) return;
    this.lastPurge = Date.now();
    await this.db.query('DELETE FROM payload_keys WHERE expires_at <= now()');
  }
}

function plainRefusal(reply: FastifyReply, code: 'EGN001' | 'EGN007', message: string = reject(code).message) {
  return reply
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(envelope(code, message));
}

function isApiCall(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.url.startsWith('/api/');
}

export interface EncryptionPluginOptions {
  keyTtlMs: number;
  /** Key agreements allowed per IP per minute. */
  agreementsPerMinute: number;
}

export const encryptionPlugin = fp<EncryptionPluginOptions>(async (app: FastifyInstance, options) => {
  const store = new PayloadKeyStore(app.db, options.keyTtlMs);
  const limiter = new FixedWindowLimiter(options.agreementsPerMinute, 60_000);
  app.decorate('payloadKeys', store);
  app.decorateRequest('payloadKey', null);

  registerCall(app, agreeEncryptionKey, async (data, ctx) => {
    if (!app.config.encryption) return ok({ enabled: false, keyId: null, serverPublicKey: null, expiresAt: null });
    if (!limiter.allow(ctx.request.ip)) return refuseOverLimit(ctx.reply, limiter, ctx.request.ip);
    const browserKey = Buffer.from(data.publicKey, 'base64');
    const result = browserKey.length === 65 ? await store.agree(browserKey) : null;
    if (!result) return invalidRequest('publicKey must be a raw P-256 public key (65 bytes), base64');
    return ok({
      enabled: true,
      keyId: result.agreed.id,
      serverPublicKey: result.serverPublicKey.toString('base64'),
      expiresAt: new Date(result.agreed.expiresAt).toISOString(),
    });
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!app.config.encryption || !isApiCall(request)) return;
    if (request.url.split('?')[0] === KEY_EXCHANGE_URL) return;
    const keyId = request.headers[ENCRYPTION_KEY_HEADER];
    if (typeof keyId !== 'string' || keyId.length === 0) return plainRefusal(reply, 'EGN001', PLAIN_REFUSED_MESSAGE);
    const agreed = await store.find(keyId);
    if (!agreed) return plainRefusal(reply, 'EGN007');
    if (typeof request.body !== 'string') {
      return plainRefusal(
        reply,
        'EGN001',
        invalidRequestText('an encrypted request must be sent as text/plain (base64 of IV + ciphertext)'),
      );
    }
    const plaintext = openPayload(agreed.key, request.body, ENCRYPTION_PROTOCOL.requestAad(agreed.id));
    if (plaintext === null) {
      request.log.warn({ keyId }, 'encrypted request failed authentication');
      return plainRefusal(reply, 'EGN001', TAMPERED_MESSAGE);
    }
    try {
      request.body = JSON.parse(plaintext) as unknown;
    } catch {
      return plainRefusal(reply, 'EGN001', invalidRequestText('the decrypted body is not JSON.'));
    }
    request.payloadKey = agreed;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const agreed = request.payloadKey;
    if (!agreed || typeof payload !== 'string') return payload;
    reply.header(ENCRYPTION_KEY_HEADER, agreed.id);
    reply.header('cache-control', 'no-store');
    reply.type('text/plain; charset=utf-8');
    return sealPayload(agreed.key, payload, ENCRYPTION_PROTOCOL.responseAad(agreed.id));
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    payloadKeys: PayloadKeyStore;
  }
}
