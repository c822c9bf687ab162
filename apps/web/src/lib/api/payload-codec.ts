/**
 * How request and response bodies travel. The default sends JSON as is; the encryption module installs a codec
 * that encrypts with the key agreed for this browser session.
 */
export interface PayloadCodec {
  encode(json: string): Promise<{ body: string; headers: Record<string, string> }>;
  decode(response: Response): Promise<unknown>;
  /** Called with a refusal's infoID; true when the codec repaired itself (a new key) and the call may be retried once. */
  recover?(infoID: string): Promise<boolean>;
}

export const plainCodec: PayloadCodec = {
  async encode(json) {
    return { body: json, headers: { 'content-type': 'application/json' } };
  },
  async decode(response) {
    return response.json();
  },
};

let current: PayloadCodec = plainCodec;

export function setPayloadCodec(codec: PayloadCodec): void {
  current = codec;
}

export function payloadCodec(): PayloadCodec {
  return current;
}
