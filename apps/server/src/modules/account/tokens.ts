import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: session ids, stream tokens, reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A uniformly random string of digits (OTPs, generated TPINs). */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** OTPs have few digits, so a salt keeps equal codes from giving equal hashes; the attempt limit does the rest. */
export function hashOtp(salt: string, code: string): string {
  return sha256(`${salt}:${code}`);
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
