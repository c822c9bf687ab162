import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane); @node-rs/argon2 uses argon2id unless told otherwise.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown client id cannot be told apart by timing. */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummyHash ??= hashSecret('not-a-real-password-0');
  await verifySecret(await dummyHash, secret);
  return false;
}
