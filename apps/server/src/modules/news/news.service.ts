import { ok, reject, type DiscussionCloudItem, type NewsItem, type Result } from '@kite/domain';
import type { Market } from '@kite/exchange';
import type { Db } from '../../db/pool.ts';
import type { NewsFeed, NewsVendor } from '../../adapters/news-vendor/news-vendor.ts';
import type { WorldMarketsFeed } from '../../adapters/world-markets/world-indices.ts';
import * as repo from './news.repo.ts';

/**
 * News (investing.md 2 "News", 7): the vendor's half-hourly slots are stored as they fall due, the last few at once
 * when the server has been away, so an article keeps its sno; lists read the stored feeds, newest first.
 */

export interface NewsDeps {
  db: Db;
  now: () => number;
  market: () => Market;
  vendor: NewsVendor;
  world: WorldMarketsFeed;
}

/** Slots fetched at once after a gap: three hours of news, enough for the small widgets from the first read. */
export const BACKFILL_SLOTS = 6;
/** The discussion cloud weighs the last day's stories. */
const CLOUD_WINDOW_MS = 24 * 60 * 60 * 1000;

export function newsService(deps: NewsDeps) {
  const slotMs = deps.vendor.slotMinutes * 60_000;
  let publishedThrough = -Infinity;
  let publishing: Promise<void> = Promise.resolve();
  let derivativeUnderlyings: Set<string> | null = null;

  async function publishDue(): Promise<void> {
    const now = deps.now();
    const current = Math.floor(now / slotMs) * slotMs;
    if (current <= publishedThrough) return;
    const from = current - (BACKFILL_SLOTS - 1) * slotMs;
    const stored = await repo.storedSlots(deps.db, from);
    let caughtUp = false;
    for (let slot = from; slot <= current; slot += slotMs) {
      if (stored.has(slot)) continue;
      const catchingUp = slot < current;
      caughtUp ||= catchingUp;
      const filed = deps.vendor.publish(slot, deps.market(), deps.world.readings(slot), catchingUp);
      // Slots caught up carry no market-wide stories, so after a gap the current slot is the only one with them: it
      // is filed whole at once rather than a story a minute, or a server started at a half hour would show no economy
      // news (the slot's fourth story) for its first three minutes.
      const articles =
        caughtUp && !catchingUp ? filed.map((a) => ({ ...a, publishedAt: Math.min(a.publishedAt, now) })) : filed;
      await repo.insertArticles(deps.db, slot, articles);
    }
    publishedThrough = current;
  }

  /** One publisher at a time in this process; another process's copies are refused by the vendor key. */
  function ensurePublished(): Promise<void> {
    publishing = publishing.catch(() => undefined).then(publishDue);
    return publishing;
  }

  async function feed(feed: NewsFeed, count: number, filter?: repo.FeedFilter): Promise<Result<{ news: NewsItem[] }>> {
    await ensurePublished();
    return ok({ news: await repo.listFeed(deps.db, feed, count, deps.now(), filter) });
  }

  function isDerivativeUnderlying(symbol: string): boolean {
    derivativeUnderlyings ??= new Set(
      deps
        .market()
        .registry.all()
        .filter((i) => (i.exc === 'NFO' || i.exc === 'BFO') && i.underlying !== null)
        .map((i) => i.symbol),
    );
    return derivativeUnderlyings.has(symbol);
  }

  return {
    feed,

    sectorNews(section: string | undefined, count: number) {
      const sector = section?.trim();
      return feed('sector', count, sector ? { sector } : {});
    },

    async derivativeNews(symbol: string, count: number): Promise<Result<{ news: NewsItem[] }>> {
      const underlying = symbol.toUpperCase();
      if (underlying && !isDerivativeUnderlying(underlying)) return reject('NWS002');
      return feed('derivative', count, underlying ? { underlying } : {});
    },

    async discussionCloud(count: number): Promise<Result<{ news: DiscussionCloudItem[] }>> {
      await ensurePublished();
      const now = deps.now();
      const rows = await repo.mentions(deps.db, now - CLOUD_WINDOW_MS, now, count);
      const most = rows[0]?.mentions ?? 1;
      return ok({
        news: rows.map((r) => ({
          symbol: r.symbol,
          companyname: r.companyname,
          weight: Math.max(1, Math.round((r.mentions * 100) / most)),
          sentiment: r.bullish === r.bearish ? 0 : r.bullish > r.bearish ? 1 : 2,
        })),
      });
    },

    async details(sno: number): Promise<Result<{ sno: number; heading: string; datetime: string; arttext: string }>> {
      const found = await repo.findArticle(deps.db, sno, deps.now());
      return found ? ok(found) : reject('NWS001');
    },
  };
}
