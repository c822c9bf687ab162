import { APP_VERSION, PAYLOAD_ENCRYPTION, agreeEncryptionKey, type ResponseData } from '@kite/domain';
import { fromBase64, toBase64 } from './base64.ts';

/** A key agreed with the server for this page's session of the browser. */
export interface AgreedKey {
  keyId: string;
  key: CryptoKey;
}

const utf8 = new TextEncoder();
const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

/**
 * Agrees an AES-256-GCM key with the server (ECDH P-256, then HKDF-SHA-256); null when the server has encryption off.
 * The private key never leaves WebCrypto (not extractable). This handshake is plain JSON sent with fetch directly:
 * it sits below the API client, whose codec it is making.
 */
export async function agreeKey(fetchImpl: typeof fetch = fetch): Promise<AgreedKey | null> {
  const pair = await crypto.subtle.generateKey(P256, false, ['deriveBits']);
  const publicKey = toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  const response = await fetchImpl(`/api${agreeEncryptionKey.path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ request: { data: { publicKey }, appVersion: APP_VERSION } }),
  });
  if (!response.ok) throw new Error(`Key agreement failed: ${response.status} ${response.statusText}`);
  const body = (await response.json()) as { response?: { infoID?: string; infoMsg?: string; data?: ResponseData<typeof agreeEncryptionKey> } };
  const answer = body.response;
  if (answer?.infoID !== '0' || !answer.data) throw new Error(answer?.infoMsg ?? 'Key agreement failed');
  const { enabled, keyId, serverPublicKey } = answer.data;
  if (!enabled) return null;
  if (!keyId || !serverPublicKey) throw new Error('Key agreement answer is incomplete');
  const serverKey = await crypto.subtle.importKey('raw', fromBase64(serverPublicKey), P256, false, []);
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: serverKey }, pair.privateKey, 256);
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const key = await crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: utf8.encode(PAYLOAD_ENCRYPTION.hkdfSalt),
      info: utf8.encode(PAYLOAD_ENCRYPTION.hkdfInfo),
    },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  return { keyId, key };
}
