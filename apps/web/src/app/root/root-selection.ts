import { isMobileBrowser, isUnsupportedBrowser } from './browser-check.ts';

export type RootView = 'dormant' | 'createUpi' | 'findUpi' | 'unsupportedBrowser' | 'mobileApp' | 'app';

export interface RootInputs {
  /** Reads a stored flag. */
  stored: (key: 'isMobileDormant' | 'isCreateMobileUPI' | 'isFindMobileUPI') => string | null;
  userAgent: string;
}

/** Root selection, evaluated in the spec's order (platform.md 2.1). The special pages come before the browser check. */
export function selectRootView({ stored, userAgent }: RootInputs): RootView {
  if (stored('isMobileDormant') === 'true') return 'dormant';
  if (stored('isCreateMobileUPI') === 'true') return 'createUpi';
  if (stored('isFindMobileUPI') === 'true') return 'findUpi';
  if (isUnsupportedBrowser(userAgent)) return 'unsupportedBrowser';
  if (isMobileBrowser(userAgent)) return 'mobileApp';
  return 'app';
}
