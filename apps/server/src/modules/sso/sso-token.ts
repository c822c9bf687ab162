import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env.ts';
import type { Queryable } from '../../db/pool.ts';

/**
 * Single sign-on tokens for partner apps (platform.md 2.2: the SSO entry routes carry one). A token is
 * "v1.<payload>.<signature>": payload is base64url JSON {jti, sub (client row id), src, exp (epoch ms)}, signature is
 * base64url HMAC-SHA-256 of "v1.<payload>" under SSO_SIGNING_KEY. It is also recorded by jti, so it works once only.
 */
const VERSION = 'v1';
const SOURCES = new Set(['W', 'P']);

export interface SsoClaims {
  jti: string;
  sub: number;
  src: string;
  exp: number;
}

let processKey: string | undefined;

/** SSO_SIGNING_KEY; without one (development, tests) a random key for this process, so tokens die with it. */
export function ssoSigningKey(config: Config): string {
  if (config.sso.signingKey) return config.sso.signingKey;
  processKey ??= randomBytes(32).toString('base64url');
  return processKey;
}

function sign(key: string, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

/**
 * Mints a sign-on token for a client, for a partner app to open an SSO entry route with (?data=<token>).
 * The internal helper partner integrations and tests use; there is deliberately no public call that mints.
 */
export async function mintSsoToken(
  db: Queryable,
  config: Config,
  input: { clientId: number; source?: 'W' | 'P'; ttlMs?: number },
): Promise<string> {
  const claims: SsoClaims = {
    jti: randomBytes(16).toString('base64url'),
    sub: input.clientId,
    src: input.source ?? 'W',
    exp: Date.now() + (input.ttlMs ?? config.sso.tokenTtlMs),
  };
  await db.query('INSERT INTO sso_tokens (jti, client_id, source, expires_at) VALUES ($1, $2, $3, $4)', [
    claims.jti,
    claims.sub,
    claims.src,
    new Date(claims.exp),
  ]);
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${VERSION}.${payload}.${sign(ssoSigningKey(config), `${VERSION}.${payload}`)}`;
}

/** The claims of a well-signed, unexpired token; null otherwise. Single use is checked against the database. */
export function readSsoToken(config: Config, token: string, now = Date.now()): SsoClaims | null {
  const [version, payload, signature, extra] = token.split('.');
  if (version !== VERSION || !payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(ssoSigningKey(config), `${VERSION}.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const c = claims as Partial<SsoClaims>;
  if (typeof c.jti !== 'string' || !Number.isSafeInteger(c.sub) || typeof c.src !== 'string' || typeof c.exp !== 'number') return null;
  if (!SOURCES.has(c.src) || c.exp <= now) return null;
  return { jti: c.jti, sub: c.sub as number, src: c.src, exp: c.exp };
}
