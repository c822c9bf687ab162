import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@kite/domain';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { storeCaptcha } from '../modules/payment/captcha.ts';
import { ENCRYPTION_PROTOCOL, PLAIN_REFUSED_MESSAGE, TAMPERED_MESSAGE } from './encryption.ts';

type CryptoKey = webcrypto.CryptoKey;
const subtle = webcrypto.subtle;
const utf8 = new TextEncoder();

interface BrowserKey {
  keyId: string;
  key: CryptoKey;
}

/** Does what the web app does with WebCrypto: ECDH P-256 with the server, then HKDF-SHA-256 to AES-256-GCM. */
async function agreeLikeBrowser(t: TestApp): Promise<BrowserKey> {
  const pair = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const publicKey = Buffer.from(await subtle.exportKey('raw', pair.publicKey)).toString('base64');
  const answer = await t.call<{ enabled: boolean; keyId: string; serverPublicKey: string }>('/Session/KeyExchange', { publicKey });
  expect(answer.infoID).toBe('0');
  expect(answer.data.enabled).toBe(true);
  const serverKey = await subtle.importKey(
    'raw',
    Buffer.from(answer.data.serverPublicKey, 'base64'),
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const bits = await subtle.deriveBits({ name: 'ECDH', public: serverKey }, pair.privateKey, 256);
  const hkdf = await subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8.encode(ENCRYPTION_PROTOCOL.hkdfSalt), info: utf8.encode(ENCRYPTION_PROTOCOL.hkdfInfo) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  return { keyId: answer.data.keyId, key };
}

async function seal(b: BrowserKey, json: string): Promise<string> {
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const additionalData = utf8.encode(`kite-req:${b.keyId}`);
  const sealed = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, b.key, utf8.encode(json));
  return Buffer.concat([iv, Buffer.from(sealed)]).toString('base64');
}

async function open(b: BrowserKey, text: string): Promise<unknown> {
  const raw = Buffer.from(text, 'base64');
  const additionalData = utf8.encode(`kite-res:${b.keyId}`);
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv: raw.subarray(0, 12), additionalData }, b.key, raw.subarray(12));
  return JSON.parse(new TextDecoder().decode(plain));
}

function envelopeOf(data: unknown): string {
  return JSON.stringify({ request: { data, appVersion: APP_VERSION } });
}

async function send(t: TestApp, path: string, body: string, keyId: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'text/plain', 'x-enc-key': keyId, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
}

describe('payload encryption with ENCRYPTION=on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ENCRYPTION: 'on' });
  });
  afterAll(() => t.close());

  it('agrees a key with a WebCrypto browser and answers an encrypted call encrypted', async () => {
    const b = await agreeLikeBrowser(t);
    const response = await send(t, '/App/Config', await seal(b, envelopeOf({})), b.keyId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['x-enc-key']).toBe(b.keyId);
    expect(response.body).not.toContain('appVersion');
    const answer = (await open(b, response.body)) as { response: { infoID: string; data: { appVersion: string } } };
    expect(answer.response.infoID).toBe('0');
    expect(answer.response.data.appVersion).toBe('3.0.0');
  });

  it('keeps the key in PostgreSQL so a restart does not break an open browser session', async () => {
    const b = await agreeLikeBrowser(t);
    const stored = await t.db.query('SELECT expires_at FROM payload_keys WHERE key_id = $1', [b.keyId]);
    expect(stored.rowCount).toBe(1);
    t.app.payloadKeys.forgetMemory();
    const response = await send(t, '/App/Config', await seal(b, envelopeOf({})), b.keyId);
    expect(((await open(b, response.body)) as { response: { infoID: string } }).response.infoID).toBe('0');
  });

  it('refuses a plain call other than the key agreement with a clear message', async () => {
    const answer = await t.call('/App/Config');
    expect(answer.infoID).toBe('EGN001');
    expect(answer.infoMsg).toBe(PLAIN_REFUSED_MESSAGE);
  });

  it('answers an unknown key id with EGN007 in plain JSON', async () => {
    const b = await agreeLikeBrowser(t);
    const response = await send(t, '/App/Config', await seal(b, envelopeOf({})), 'no-such-key');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().response.infoID).toBe('EGN007');
  });

  it('answers an expired key with EGN007', async () => {
    const b = await agreeLikeBrowser(t);
    await t.db.query("UPDATE payload_keys SET expires_at = now() - interval '1 second' WHERE key_id = $1", [b.keyId]);
    t.app.payloadKeys.forgetMemory();
    const response = await send(t, '/App/Config', await seal(b, envelopeOf({})), b.keyId);
    expect(response.json().response.infoID).toBe('EGN007');
  });

  it('refuses a tampered ciphertext (GCM authentication fails)', async () => {
    const b = await agreeLikeBrowser(t);
    const raw = Buffer.from(await seal(b, envelopeOf({})), 'base64');
    raw[20] = (raw[20] ?? 0) ^ 0x01;
    const response = await send(t, '/App/Config', raw.toString('base64'), b.keyId);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().response).toMatchObject({ infoID: 'EGN001', infoMsg: TAMPERED_MESSAGE });
  });

  it('changes nothing when a tampered call is refused, and the genuine one then works', async () => {
    const b = await agreeLikeBrowser(t);
    const captchaId = await storeCaptcha(t.db, 'k7Ht3', 60_000);
    const cookie = `captchaId=${captchaId}`;
    const body = envelopeOf({ dematAccountNumber: '1208160000000001', captchaCode: 'k7Ht3' });
    const raw = Buffer.from(await seal(b, body), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 0x80;
    const refused = await send(t, '/initPay/clientDematDetails', raw.toString('base64'), b.keyId, cookie);
    expect(refused.json().response.infoMsg).toBe(TAMPERED_MESSAGE);
    const captcha = await t.db.query('SELECT used_at FROM captcha_challenges WHERE id = $1', [captchaId]);
    expect(captcha.rows[0]).toEqual({ used_at: null });
    expect((await t.db.query('SELECT 1 FROM demat_payments')).rowCount).toBe(0);

    const genuine = await send(t, '/initPay/clientDematDetails', await seal(b, body), b.keyId, cookie);
    const answer = (await open(b, genuine.body)) as { response: { infoID: string; data: { ClientDetails: { clientName: string } } } };
    expect(answer.response.infoID).toBe('0');
    expect(answer.response.data.ClientDetails.clientName).toBe('RAHUL SHARMA');
  });

  it("refuses a body sealed under another browser's key", async () => {
    const mine = await agreeLikeBrowser(t);
    const theirs = await agreeLikeBrowser(t);
    const response = await send(t, '/App/Config', await seal(theirs, envelopeOf({})), mine.keyId);
    expect(response.json().response.infoMsg).toBe(TAMPERED_MESSAGE);
  });

  it('refuses a public key that is not a P-256 point', async () => {
    const answer = await t.call('/Session/KeyExchange', { publicKey: Buffer.alloc(65, 7).toString('base64') });
    expect(answer.infoID).toBe('EGN001');
    expect(answer.infoMsg).toMatch(/P-256/);
  });
});

describe('payload encryption with ENCRYPTION=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ENCRYPTION: 'off' });
  });
  afterAll(() => t.close());

  it('answers the key agreement with enabled false and serves plain calls', async () => {
    const pair = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    const publicKey = Buffer.from(await subtle.exportKey('raw', pair.publicKey)).toString('base64');
    const agreement = await t.call('/Session/KeyExchange', { publicKey });
    expect(agreement.data).toEqual({ enabled: false, keyId: null, serverPublicKey: null, expiresAt: null });
    const plain = await t.call<{ appVersion: string }>('/App/Config');
    expect(plain.infoID).toBe('0');
    expect(plain.data.appVersion).toBe('3.0.0');
    expect((await t.db.query('SELECT 1 FROM payload_keys')).rowCount).toBe(0);
  });
});
