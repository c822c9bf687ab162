import { PAYLOAD_ENCRYPTION } from '@kite/domain';
import { fromBase64, toBase64 } from './base64.ts';
import type { AgreedKey } from './key-agreement.ts';

const utf8 = new TextEncoder();

/** base64(IV 12 bytes || AES-256-GCM ciphertext with its 16-byte tag), bound to the key id as a request. */
export async function sealRequest(agreed: AgreedKey, json: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(PAYLOAD_ENCRYPTION.ivBytes));
  const additionalData = utf8.encode(PAYLOAD_ENCRYPTION.requestAad(agreed.keyId));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, agreed.key, utf8.encode(json)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

/** Opens an answer sealed by the server; throws when it was altered or sealed with another key. */
export async function openResponse(agreed: AgreedKey, text: string): Promise<string> {
  const raw = fromBase64(text);
  const { ivBytes } = PAYLOAD_ENCRYPTION;
  const additionalData = utf8.encode(PAYLOAD_ENCRYPTION.responseAad(agreed.keyId));
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: raw.subarray(0, ivBytes), additionalData },
    agreed.key,
    raw.subarray(ivBytes),
  );
  return new TextDecoder().decode(plain);
}
