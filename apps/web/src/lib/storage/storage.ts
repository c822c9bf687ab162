import { gcm, gcmsiv } from '@noble/ciphers/aes';
import { bytesToUtf8, utf8ToBytes } from '@noble/ciphers/utils';
import { fromBase64, toBase64 } from '../crypto/base64.ts';

/**
 * The client's stored state (platform.md 3.4). One module owns every key so no feature invents its own.
 * local: survives the browser session; session: per tab. Both are kept encrypted (platform.md 3.4 "Client-side storage
 * keys are stored encrypted"): see `sealed` below.
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

/**
 * The browser's own storage key: 32 random bytes made on its first visit, kept in local storage beside what it seals.
 * Names and values are unreadable to whoever reads the storage without running this code (a copied profile, a
 * screenshot of the browser's tools); code running in the page can read them, as it can read the page itself.
 */
const KEY_ITEM = 'kite.storageKey';
let key: Uint8Array | null = null;

function storageKey(): Uint8Array {
  if (key) return key;
  const stored = safe(() => window.localStorage.getItem(KEY_ITEM), null);
  const decoded = stored === null ? null : safe(() => fromBase64(stored), null);
  if (decoded?.length === 32) key = decoded;
  else {
    key = crypto.getRandomValues(new Uint8Array(32));
    const made = toBase64(key);
    safe(() => window.localStorage.setItem(KEY_ITEM, made), undefined);
  }
  return key;
}

const NAME_NONCE = new Uint8Array(12);
const sealedNames = new Map<string, string>();

/** A key's stored name: the same every time (AES-GCM-SIV, built for a fixed nonce), so it is found again. */
export function sealedName(name: string): string {
  let sealed = sealedNames.get(name);
  if (sealed === undefined) {
    sealed = `k.${toBase64(gcmsiv(storageKey(), NAME_NONCE).encrypt(utf8ToBytes(name)))}`;
    sealedNames.set(name, sealed);
  }
  return sealed;
}

/** A value sealed with a fresh nonce (AES-GCM), bound to its name so it cannot be moved to another key. */
function seal(name: string, value: string): string {
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const body = gcm(storageKey(), nonce, utf8ToBytes(name)).encrypt(utf8ToBytes(value));
  const out = new Uint8Array(nonce.length + body.length);
  out.set(nonce);
  out.set(body, nonce.length);
  return toBase64(out);
}

/** The value, or null for one that does not open (sealed under another key, or altered). */
function open(name: string, sealed: string): string | null {
  return safe(() => {
    const bytes = fromBase64(sealed);
    return bytesToUtf8(gcm(storageKey(), bytes.subarray(0, 12), utf8ToBytes(name)).decrypt(bytes.subarray(12)));
  }, null);
}

function sealedStore(area: () => Storage) {
  return {
    get: (name: string): string | null => {
      const sealed = safe(() => area().getItem(sealedName(name)), null);
      return sealed === null ? null : open(name, sealed);
    },
    set: (name: string, value: string): void =>
      safe(() => area().setItem(sealedName(name), seal(name, value)), undefined),
    remove: (name: string): void => safe(() => area().removeItem(sealedName(name)), undefined),
  };
}

export const local = sealedStore(() => window.localStorage);
export const session = sealedStore(() => window.sessionStorage);

/** Whether another tab's storage event changed this key's value (re-sealing the same value changes its bytes). */
export function changedInAnotherTab(event: StorageEvent, name: string): boolean {
  if (event.key !== sealedName(name)) return false;
  const opened = (sealed: string | null) => (sealed === null ? null : open(name, sealed));
  return opened(event.newValue) !== opened(event.oldValue);
}

/** Values stored in the clear before the storage was sealed are sealed under their names, once, and removed. */
function sealPlainEntries(): void {
  const names = Object.values(storageKeys).flat();
  for (const [area, store] of [
    [() => window.localStorage, local],
    [() => window.sessionStorage, session],
  ] as const) {
    for (const name of names) {
      const plain = safe(() => area().getItem(name), null);
      if (plain === null) continue;
      store.set(name, plain);
      safe(() => area().removeItem(name), undefined);
    }
  }
}
sealPlainEntries();

/** A random unique id made once per browser and sent as the app-id header (platform.md 3.4, 7.1). */
export function getAppId(): string {
  let id = local.get(storageKeys.appId);
  if (!id) {
    id = crypto.randomUUID();
    local.set(storageKeys.appId, id);
  }
  return id;
}
