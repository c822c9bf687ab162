import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('envelope, health and /App/Config against PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /App/Config in the envelope', async () => {
    const answer = await t.call<{ appVersion: string; sessionIdleMs: number }>('/App/Config');
    expect(answer.status).toBe(200);
    expect(answer.infoID).toBe('0');
    expect(answer.data.appVersion).toBe('3.0.0');
    expect(answer.data.sessionIdleMs).toBe(18_000_000);
  });

  it('refuses unknown fields with a clear message', async () => {
    const answer = await t.call('/App/Config', { surprise: 1 });
    expect(answer.infoID).toBe('EGN001');
    expect(answer.infoMsg).toMatch(/Invalid request/);
  });

  it('refuses a body that is not an envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/App/Config', payload: { data: {} } });
    expect(response.statusCode).toBe(200);
    expect(response.json().response.infoID).toBe('EGN001');
  });

  it('answers unparseable JSON as a transport fault with the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/App/Config',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().response.infoID).toBe('EGN001');
  });

  it('reports health and readiness from the database', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI document listing the calls', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/App/Config'].post.summary).toMatch(/configuration/);
  });
});
