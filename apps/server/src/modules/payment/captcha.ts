import { createHash, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';

/** platform.md 2.6: a 200x50 image refreshed with a timestamp parameter; the answer stays on the server. */
export const CAPTCHA_WIDTH = 200;
export const CAPTCHA_HEIGHT = 50;
export const CAPTCHA_COOKIE = 'captchaId';
const CAPTCHA_GROUND = '#eef1f6';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type CaptchaCheck = 'ok' | 'wrong' | 'expired';

/** Case does not matter to a person reading a distorted image; the id salts the hash. */
function answerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');
}

export function drawCaptcha(): { text: string; svg: string } {
  const { text, data } = svgCaptcha.create({
    size: CAPTCHA_LENGTH,
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize: 46,
    noise: 2,
    color: false,
    // Characters people confuse in a distorted image.
    ignoreChars: '0oO1lIiS5Z2',
  });
  // Dark grey glyphs on a light ground of the image's own read well in both themes of the page around it
  // (svg-captcha's own background option forces random, often pale, colours).
  const svg = data.replace(/^<svg([^>]*)>/, `<svg$1><rect width="100%" height="100%" fill="${CAPTCHA_GROUND}"/>`);
  return { text, svg };
}

/** Keeps a new challenge's answer (hashed) for ttlMs; returns its id, which goes in the browser's cookie. */
export async function storeCaptcha(db: Queryable, answer: string, ttlMs: number): Promise<string> {
  const id = randomUUID();
  await db.query(
    'INSERT INTO captcha_challenges (id, answer_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))',
    [id, answerHash(id, answer), ttlMs / 1000],
  );
  // Expired challenges are of no use to anybody.
  await db.query("DELETE FROM captcha_challenges WHERE expires_at < now() - interval '1 hour'");
  return id;
}

/** Uses the challenge up whatever the answer (single use), then says whether the answer was right. */
export async function consumeCaptcha(db: Queryable, id: string | undefined, answer: string): Promise<CaptchaCheck> {
  if (!id || !UUID.test(id)) return 'expired';
  const { rows } = await db.query<{ answer_hash: string }>(
    'UPDATE captcha_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING answer_hash',
    [id],
  );
  const row = rows[0];
  if (!row) return 'expired';
  return row.answer_hash === answerHash(id, answer) ? 'ok' : 'wrong';
}
