import { PAYLOAD_ENCRYPTION, getAppConfig } from '@kite/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../api/client.ts';
import { plainCodec, setPayloadCodec } from '../api/payload-codec.ts';
import { fromBase64, toBase64 } from './base64.ts';
import { createEncryptedCodec } from './encrypted-codec.ts';
import { agreeKey } from './key-agreement.ts';

const utf8 = new TextEncoder();
const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** A stand-in for the server's half of the protocol, written straight from its description with WebCrypto. */
class FakeServer {
  keys = new Map<string, CryptoKey>();
  agreements = 0;
  constructor(private readonly enabled = true) {}

  async agree(body: string): Promise<Response> {
    this.agreements += 1;
    if (!this.enabled) return json({ response: { infoID: '0', infoMsg: 'Success', data: { enabled: false, keyId: null, serverPublicKey: null, expiresAt: null } } });
    const browserKey = (JSON.parse(body) as { request: { data: { publicKey: string } } }).request.data.publicKey;
    const pair = await crypto.subtle.generateKey(P256, false, ['deriveBits']);
    const peer = await crypto.subtle.importKey('raw', fromBase64(browserKey), P256, false, []);
    const bits = await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, pair.privateKey, 256);
    const hkdf = await crypto.subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey']);
    const key = await crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: utf8.encode(PAYLOAD_ENCRYPTION.hkdfSalt), info: utf8.encode(PAYLOAD_ENCRYPTION.hkdfInfo) },
      hkdf,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
    const keyId = `k${this.agreements}`;
    this.keys.set(keyId, key);
    const serverPublicKey = toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
    return json({ response: { infoID: '0', infoMsg: 'Success', data: { enabled: true, keyId, serverPublicKey, expiresAt: null } } });
  }

  async open(keyId: string, text: string): Promise<string> {
    const key = this.keys.get(keyId);
    if (!key) throw new Error('unknown key');
    const raw = fromBase64(text);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: raw.subarray(0, 12), additionalData: utf8.encode(PAYLOAD_ENCRYPTION.requestAad(keyId)) },
      key,
      raw.subarray(12),
    );
    return new TextDecoder().decode(plain);
  }

  async seal(keyId: string, body: unknown): Promise<Response> {
    const key = this.keys.get(keyId);
    if (!key) throw new Error('unknown key');
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: utf8.encode(PAYLOAD_ENCRYPTION.responseAad(keyId)) },
        key,
        utf8.encode(JSON.stringify(body)),
      ),
    );
    const out = new Uint8Array(12 + sealed.length);
    out.set(iv);
    out.set(sealed, 12);
    return new Response(toBase64(out), { headers: { 'content-type': 'text/plain; charset=utf-8', 'x-enc-key': keyId } });
  }
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}

function agreeVia(server: FakeServer) {
  return async () => {
    return agreeKey((async (_url: string, init: RequestInit) => server.agree(init.body as string)) as typeof fetch);
  };
}

describe('the encrypting payload codec', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setPayloadCodec(plainCodec);
  });

  it('sends ciphertext under the agreed key id that the server can open, and opens its sealed answer', async () => {
    const server = new FakeServer();
    const codec = createEncryptedCodec(agreeVia(server));
    const json = JSON.stringify({ request: { data: { secret: 'DEMO1' } } });
    const encoded = await codec.encode(json);
    expect(encoded.headers['x-enc-key']).toBe('k1');
    expect(encoded.headers['content-type']).toBe('text/plain');
    expect(encoded.body).not.toContain('DEMO1');
    expect(encoded.body).toMatch(/^[A-Za-z0-9+/]+=*$/);
    await expect(server.open('k1', encoded.body)).resolves.toBe(json);
    // A fresh IV every time: the same body never looks the same twice.
    expect((await codec.encode(json)).body).not.toBe(encoded.body);
    const decoded = await codec.decode(await server.seal('k1', { response: { infoID: '0', data: { ok: 1 } } }));
    expect(decoded).toEqual({ response: { infoID: '0', data: { ok: 1 } } });
    expect(server.agreements).toBe(1);
  });

  it('refuses an answer that was altered on the way', async () => {
    const server = new FakeServer();
    const codec = createEncryptedCodec(agreeVia(server));
    await codec.ready();
    const sealed = await server.seal('k1', { response: { infoID: '0' } });
    const raw = fromBase64(await sealed.text());
    raw[14] = (raw[14] ?? 0) ^ 1;
    const altered = new Response(toBase64(raw), { headers: { 'content-type': 'text/plain', 'x-enc-key': 'k1' } });
    await expect(codec.decode(altered)).rejects.toThrow();
  });

  it('reads plain JSON refusals and sends plain JSON when the server has encryption off', async () => {
    const server = new FakeServer(false);
    const codec = createEncryptedCodec(agreeVia(server));
    const encoded = await codec.encode('{"a":1}');
    expect(encoded).toEqual({ body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    await expect(codec.decode(json({ response: { infoID: 'EGN007' } }))).resolves.toEqual({ response: { infoID: 'EGN007' } });
  });

  it('agrees a new key on EGN007 only', async () => {
    const server = new FakeServer();
    const codec = createEncryptedCodec(agreeVia(server));
    await codec.ready();
    await expect(codec.recover?.('EGN001')).resolves.toBe(false);
    expect(server.agreements).toBe(1);
    await expect(codec.recover?.('EGN007')).resolves.toBe(true);
    expect(server.agreements).toBe(2);
    expect((await codec.encode('{}')).headers['x-enc-key']).toBe('k2');
  });

  it('lets the API client re-agree and retry once when the server has forgotten the key', async () => {
    const server = new FakeServer();
    setPayloadCodec(createEncryptedCodec(agreeVia(server)));
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        calls += 1;
        const keyId = (init.headers as Record<string, string>)['x-enc-key'] ?? '';
        await server.open(keyId, init.body as string);
        if (calls === 1) return json({ response: { infoID: 'EGN007', infoMsg: 'Unable to read the request. Please refresh page.', data: null } });
        return server.seal(keyId, { response: { infoID: '0', infoMsg: 'Success', data: { appVersion: '3.0.0' } } });
      }),
    );
    const result = await callApi(getAppConfig, {});
    expect(result.data).toEqual({ appVersion: '3.0.0' });
    expect(calls).toBe(2);
    expect(server.agreements).toBe(2);
  });
});
