import { local, session, storageKeys } from '../../lib/storage/storage.ts';

/** The mobile app sets the special-page flags before loading the web app; either storage may hold them. */
export function readRootFlag(key: 'isMobileDormant' | 'isCreateMobileUPI' | 'isFindMobileUPI'): string | null {
  const name = storageKeys[key];
  return local.get(name) ?? session.get(name);
}
