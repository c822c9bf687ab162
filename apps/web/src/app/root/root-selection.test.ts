import { describe, expect, it } from 'vitest';
import { isUnsupportedBrowser } from './browser-check.ts';
import { selectRootView } from './root-selection.ts';

const chrome120 = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const androidChrome = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

function view(flags: Record<string, string>, userAgent = chrome120) {
  return selectRootView({ stored: (key) => flags[key] ?? null, userAgent });
}

describe('root selection (platform.md 2.1)', () => {
  it('takes the stored flags in the spec order, before any browser check', () => {
    expect(view({ isMobileDormant: 'true', isCreateMobileUPI: 'true', isFindMobileUPI: 'true' }, androidChrome)).toBe('dormant');
    expect(view({ isCreateMobileUPI: 'true', isFindMobileUPI: 'true' }, androidChrome)).toBe('createUpi');
    expect(view({ isFindMobileUPI: 'true' }, androidChrome)).toBe('findUpi');
    expect(view({ isMobileDormant: 'false', isCreateMobileUPI: 'yes' })).toBe('app');
  });

  it('sends mobile browsers to the mobile app page and desktop browsers to the app', () => {
    expect(view({}, androidChrome)).toBe('mobileApp');
    expect(view({})).toBe('app');
  });

  it.each([
    ['Chrome 24', 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.17 (KHTML, like Gecko) Chrome/24.0.1312.57 Safari/537.17', true],
    ['Chrome 25', 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.22 (KHTML, like Gecko) Chrome/25.0.1364.97 Safari/537.22', false],
    ['IE 9', 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)', true],
    ['IE 10', 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)', false],
    ['IE 11', 'Mozilla/5.0 (Windows NT 6.3; Trident/7.0; rv:11.0) like Gecko', false],
    ['Edge 11', 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/42.0 Safari/537.36 Edge/11.0', true],
    ['Edge 12', 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/42.0 Safari/537.36 Edge/12.10136', false],
    ['Chromium Edge 120', 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0', false],
    ['Firefox 19', 'Mozilla/5.0 (Windows NT 6.1; rv:19.0) Gecko/20100101 Firefox/19.0', true],
    ['Firefox 20', 'Mozilla/5.0 (Windows NT 6.1; rv:20.0) Gecko/20100101 Firefox/20.0', false],
    ['Safari 17', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15', false],
  ])('%s is unsupported: %s', (_name, userAgent, unsupported) => {
    expect(isUnsupportedBrowser(userAgent)).toBe(unsupported);
    if (unsupported) expect(view({}, userAgent)).toBe('unsupportedBrowser');
  });
});
