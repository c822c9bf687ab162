import { afterEach, describe, expect, it, vi } from 'vitest';
import { local, storageKeys } from '../lib/storage/storage.ts';
import { apiAnswers } from './shell/testing/login-fixture.ts';
import { disableContextMenu, fetchStreamStatus } from './start-up.ts';

describe('start-up work (platform.md 1, 4.7, 9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('blocks the right-click context menu until restored', () => {
    const restore = disableContextMenu();
    const blocked = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    document.body.dispatchEvent(blocked);
    expect(blocked.defaultPrevented).toBe(true);
    restore();
    const allowed = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    document.body.dispatchEvent(allowed);
    expect(allowed.defaultPrevented).toBe(false);
  });

  it('stores the stream-status flag as TR_STREAM_FLAG', async () => {
    vi.stubGlobal('fetch', apiAnswers({ '/TRstreamStatus': { data: { trStreamStatus: 'N' } } }).fetchMock);
    await fetchStreamStatus();
    expect(local.get(storageKeys.trStreamFlag)).toBe('N');
    vi.stubGlobal('fetch', async () => new Response('down', { status: 503 }));
    await fetchStreamStatus();
    expect(local.get(storageKeys.trStreamFlag)).toBe('N');
  });
});
