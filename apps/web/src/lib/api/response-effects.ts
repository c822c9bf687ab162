import { session, storageKeys } from '../storage/storage.ts';

const HOLDINGS_CASH_TTL_MS = 5_000;

/** What every response may carry besides its own data (platform.md 7.1, "On every response"). */
export function applyResponseSideEffects(data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const record = data as Record<string, unknown>;
  if (typeof record.appkey === 'string' && record.appkey.length > 0) session.set(storageKeys.appKey, record.appkey);
  const holdings = record.holdings as { cash?: unknown } | undefined;
  if (holdings && typeof holdings === 'object' && holdings.cash !== undefined) {
    session.set(storageKeys.holdingsCash, JSON.stringify(holdings.cash));
    // Kept only briefly: the order dialog reads it right after the call that brought it.
    setTimeout(() => session.remove(storageKeys.holdingsCash), HOLDINGS_CASH_TTL_MS);
  }
  const nonPoa = record.nonPoaDemats as { nonPoaFlag?: unknown; demats?: unknown[] } | undefined;
  if (nonPoa && nonPoa.nonPoaFlag && nonPoa.nonPoaFlag !== 'false' && Array.isArray(nonPoa.demats) && nonPoa.demats.length > 0) {
    session.set(storageKeys.nonPoaDemats, JSON.stringify(nonPoa));
  }
}
