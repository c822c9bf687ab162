/**
 * The client's stored state (platform.md 3.4). One module owns every key so no feature invents its own.
 * local: survives the browser session; session: per tab.
 */
export const storageKeys = {
  appId: 'kite.appId',
  theme: 'kite.theme',
  indexTickers: 'kite.indexTickers',
  loginState: 'kite.login',
  accountId: 'kite.accountId',
  trStreamFlag: 'TR_STREAM_FLAG',
  redirect: 'REDIRECT',
  redirectTo: 'REDIRECT_TO',
  dataParam: 'DATA_PARAM',
  isMobileDormant: 'isMobileDormant',
  isCreateMobileUPI: 'isCreateMobileUPI',
  isFindMobileUPI: 'isFindMobileUPI',
  chartSlots: ['kite.chart.1', 'kite.chart.2', 'kite.chart.3', 'kite.chart.4'],
  // session storage
  userId: 'kite.userId',
  appKey: 'kite.appKey',
  holdingsCash: 'kite.holdingsCash',
  nonPoaDemats: 'kite.nonPoaDemats',
  depositoryRevocation: 'kite.depositoryRevocation',
  pledgeReference: 'kite.pledgeReference',
} as const;

function safe<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.sessionStorage.removeItem(key), undefined),
};

/** A random unique id made once per browser and sent as the app-id header (platform.md 3.4, 7.1). */
export function getAppId(): string {
  let id = local.get(storageKeys.appId);
  if (!id) {
    id = crypto.randomUUID();
    local.set(storageKeys.appId, id);
  }
  return id;
}
