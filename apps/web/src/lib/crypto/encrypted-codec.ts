import { ENCRYPTION_KEY_HEADER, PAYLOAD_ENCRYPTION } from '@kite/domain';
import type { PayloadCodec } from '../api/payload-codec.ts';
import { agreeKey, type AgreedKey } from './key-agreement.ts';
import { openResponse, sealRequest } from './sealing.ts';

/**
 * The codec of an encrypting browser session. The first call waits for the key agreement, so no call ever leaves
 * before the key is agreed; with the server's encryption off, bodies go as plain JSON. An EGN007 answer (unknown or
 * expired key) makes the API client call recover(): a new key is agreed and the call is retried once.
 */
export interface EncryptedCodec extends PayloadCodec {
  /** Agrees the key now (resolves once agreed, or at once with encryption off). */
  ready(): Promise<void>;
}

export function createEncryptedCodec(agree: () => Promise<AgreedKey | null> = () => agreeKey()): EncryptedCodec {
  let agreement: Promise<AgreedKey | null> | null = null;
  let renewal: Promise<void> | null = null;
  // Answers are opened with the key that sealed their request, even if a newer key was agreed meanwhile.
  const known = new Map<string, AgreedKey>();

  function current(): Promise<AgreedKey | null> {
    if (!agreement) {
      const attempt = agree().then((agreed) => {
        if (agreed) {
          if (known.size >= 4) known.clear();
          known.set(agreed.keyId, agreed);
        }
        return agreed;
      });
      // A failed agreement (server unreachable) is tried again by the next call.
      attempt.catch(() => {
        if (agreement === attempt) agreement = null;
      });
      agreement = attempt;
    }
    return agreement;
  }

  return {
    async ready() {
      await current();
    },
    async encode(json): Promise<{ body: string; headers: Record<string, string> }> {
      const agreed = await current();
      if (!agreed) return { body: json, headers: { 'content-type': 'application/json' } };
      return {
        body: await sealRequest(agreed, json),
        headers: { 'content-type': 'text/plain', [ENCRYPTION_KEY_HEADER]: agreed.keyId },
      };
    },
    async decode(response) {
      const type = response.headers.get('content-type') ?? '';
      // Refusals (EGN007, a tampered body) and transport faults come back as plain JSON.
      if (type.startsWith('application/json')) return response.json();
      const keyId = response.headers.get(ENCRYPTION_KEY_HEADER);
      const agreed = keyId ? known.get(keyId) : undefined;
      if (!agreed) throw new Error('Encrypted answer under an unknown key');
      return JSON.parse(await openResponse(agreed, await response.text()));
    },
    async recover(infoID) {
      if (infoID !== PAYLOAD_ENCRYPTION.keyInvalidCode) return false;
      if (!renewal) {
        agreement = null;
        renewal = current()
          .then(() => undefined)
          .finally(() => {
            renewal = null;
          });
      }
      await renewal;
      return true;
    },
  };
}
