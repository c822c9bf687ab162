import { setPayloadCodec } from '../api/payload-codec.ts';
import { createEncryptedCodec } from './encrypted-codec.ts';

/**
 * Installs the encrypting codec before the app's first call (platform.md 7.1, ARCHITECTURE.md "Security") and starts
 * the key agreement at once, so it is usually done by the time the first screen asks for data.
 */
export function installPayloadEncryption(): void {
  const codec = createEncryptedCodec();
  setPayloadCodec(codec);
  // Warm-up only: a failure here is retried by the first call, which reports it through the API client.
  void codec.ready().catch(() => undefined);
}
