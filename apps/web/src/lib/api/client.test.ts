import { getAppConfig } from '@kite/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { callApi, onSessionInvalid } from './client.ts';

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the envelope and returns data on infoID 0', async () => {
    const fetchMock = vi.fn(async () => answer({ response: { infoID: '0', infoMsg: 'Success', data: { appVersion: '3.0.0' } } }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await callApi(getAppConfig, {});
    expect(result.data).toEqual({ appVersion: '3.0.0' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/App/Config');
    expect(JSON.parse(init.body as string)).toEqual({ request: { data: {}, appVersion: '3.0.0' } });
  });

  it('passes EGN011 and EGN012 through as success', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ response: { infoID: 'EGN012', infoMsg: 'In progress', data: {} } })));
    await expect(callApi(getAppConfig, {})).resolves.toMatchObject({ infoID: 'EGN012' });
  });

  it('raises other codes as errors and announces EGN006', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ response: { infoID: 'EGN006', infoMsg: 'Session gone', data: null } })));
    const heard: string[] = [];
    const stop = onSessionInvalid((message) => heard.push(message));
    await expect(callApi(getAppConfig, {})).rejects.toBeInstanceOf(ApiError);
    await expect(callApi(getAppConfig, {}, { suppressSessionError: true })).rejects.toMatchObject({ infoID: 'EGN006' });
    stop();
    expect(heard).toEqual(['Session gone']);
  });

  it('carries the status text of a transport fault', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 502, statusText: 'Bad Gateway' })));
    await expect(callApi(getAppConfig, {})).rejects.toMatchObject({ infoID: 'HTTP_502', message: 'Bad Gateway' });
  });
});
