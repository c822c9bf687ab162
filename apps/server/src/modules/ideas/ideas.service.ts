import {
  ALL_CALLS,
  formatScaled,
  isCategoryOfSegment,
  isFilterOfCategory,
  ok,
  reject,
  type IdeaCategory,
  type IdeaSegment,
  type ResearchIdea,
  type Result,
} from '@kite/domain';
import { istDateTime, istDay, weekdayOf, type Instrument, type Market } from '@kite/exchange';
import type { Db } from '../../db/pool.ts';
import type { ResearchVendor } from '../../adapters/research-vendor/research-vendor.ts';
import { streamSymOf } from '../../services/market-runtime/instrument-ref.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { firstHit } from './call-status.ts';
import * as repo from './ideas.repo.ts';

/**
 * Research ideas (investing.md 2 "Research ideas", 7 "ideas"): the vendor's calls of the last few trading days are
 * stored as they are sent; an open call's status is worked out from the market's bars since it was sent, and a hit is
 * recorded once, with its time.
 */

export interface IdeasDeps {
  db: Db;
  now: () => number;
  market: () => Market;
  vendor: ResearchVendor;
}

/** Trading days of calls fetched after a gap (today included). */
export const BACKFILL_TRADING_DAYS = 3;
/** The vendor is asked again at most this often per segment. */
const VENDOR_POLL_MS = 60_000;

const dayFirst = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');
/** "27-11-2026 10:35" in IST. */
const dayFirstMinute = (at: number) => `${dayFirst(istDateTime(at))} ${istDateTime(at).slice(11, 16)}`;

function recentTradingDays(today: number, count: number): number[] {
  const days: number[] = [];
  for (let d = today; days.length < count; d -= 1) if (weekdayOf(d) !== 0 && weekdayOf(d) !== 6) days.push(d);
  return days;
}

export function ideasService(deps: IdeasDeps) {
  const polledAt = new Map<IdeaSegment, number>();
  let polling: Promise<void> = Promise.resolve();

  async function fetchFromVendor(segment: IdeaSegment): Promise<void> {
    const now = deps.now();
    const last = polledAt.get(segment);
    if (last !== undefined && now >= last && now - last < VENDOR_POLL_MS) return;
    const days = recentTradingDays(istDay(now), BACKFILL_TRADING_DAYS);
    const known = await repo.storedKeys(
      deps.db,
      days.map((d) => `${d}:${segment}`),
    );
    for (const day of days) {
      const calls = deps.vendor.callsOf(day, segment, now, deps.market(), (key) => known.has(key));
      await repo.insertCalls(deps.db, calls);
    }
    polledAt.set(segment, now);
  }

  function ensureFetched(segment: IdeaSegment): Promise<void> {
    polling = polling.catch(() => undefined).then(() => fetchFromVendor(segment));
    return polling;
  }

  async function settle(row: repo.CallRow, instrument: Instrument): Promise<repo.CallRow> {
    if (row.status !== 'Open') return row;
    const market = deps.market();
    const now = deps.now();
    const until = Math.min(now, row.expiry_end_ms);
    // Bars after the one the entry was taken from.
    const bars = market.candles(instrument.id, '5m', row.sent_ms, until).filter((b) => b.time >= row.sent_ms);
    const last = market.snapshot(instrument.id);
    if (last && now <= row.expiry_end_ms)
      bars.push({
        time: now,
        open: last.lastPrice,
        high: last.lastPrice,
        low: last.lastPrice,
        close: last.lastPrice,
        volume: 0,
      });
    const hit = firstHit({ calltype: row.calltype, target1: row.target1_units, stoploss: row.stoploss_units }, bars);
    if (!hit) return row;
    await repo.settleCall(deps.db, row.callid, hit.status, hit.at);
    return { ...row, status: hit.status, status_ms: hit.at };
  }

  function ideaOf(row: repo.CallRow, instrument: Instrument): ResearchIdea {
    const price = (units: number | null) => (units === null ? '' : formatScaled(units, row.price_decimals));
    return {
      callid: row.callid,
      calltype: row.calltype,
      displaySym: instrument.displaySym,
      sym: symbolObjectOf(instrument),
      streamSym: streamSymOf(instrument),
      companyName: instrument.name,
      exchange: instrument.exc,
      segment: row.segment,
      category: row.category,
      subcategory: row.subcategory,
      entryprice1: price(row.entry_units),
      targetprice1: price(row.target1_units),
      targetprice2: price(row.target2_units),
      stoplossprice1: price(row.stoploss_units),
      callstatus: row.status === 'Open' && deps.now() >= row.expiry_end_ms ? 'Expired' : row.status,
      statusdate: row.status_ms === null ? '' : dayFirstMinute(row.status_ms),
      callexpiry: dayFirst(istDateTime(row.expiry_end_ms - 1)),
      calldescription: row.description,
      callsenttime: dayFirstMinute(row.sent_ms),
    };
  }

  return {
    async researchCalls(request: {
      segment: IdeaSegment;
      category: IdeaCategory;
      subcategory: string;
      recordcount: number;
    }): Promise<Result<{ ideas: ResearchIdea[] }>> {
      const { segment, category, subcategory, recordcount } = request;
      if (!isCategoryOfSegment(segment, category)) return reject('NWS003');
      if (!isFilterOfCategory(category, subcategory)) return reject('NWS004');
      await ensureFetched(segment);
      const rows = await repo.listCalls(
        deps.db,
        { segment, category, subcategory: subcategory === ALL_CALLS ? null : subcategory },
        recordcount,
        deps.now(),
      );
      const registry = deps.market().registry;
      const ideas: ResearchIdea[] = [];
      for (const row of rows) {
        // A contract that has expired since the call is no longer listed: its call is not shown.
        const instrument = registry.bySymbol(row.exchange as Instrument['exc'], row.tr_symbol);
        if (instrument) ideas.push(ideaOf(await settle(row, instrument), instrument));
      }
      return ok({ ideas });
    },
  };
}
