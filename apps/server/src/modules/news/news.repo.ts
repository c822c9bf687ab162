import type { Queryable } from '../../db/pool.ts';
import type { NewsFeed, VendorArticle } from '../../adapters/news-vendor/news-vendor.ts';

/** SQL of stored news articles (`0018_content.sql`): public content, read by feed; times shown in IST. */

export interface ArticleRow {
  sno: number;
  heading: string;
  title: string;
  companyname: string;
  keyword: string;
  sentiment: 0 | 1 | 2;
  datetime: string;
  date: string;
  description: string;
  symbol: string;
}

const LIST_COLUMNS = `sno, heading, title, companyname, keyword, sentiment::int AS sentiment,
  to_char(published_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS') AS datetime,
  to_char(published_at AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY') AS date, description, symbol`;

/** Slot starts (epoch ms) at or after `from` that already have articles. */
export async function storedSlots(q: Queryable, from: number): Promise<Set<number>> {
  const { rows } = await q.query<{ slot: number }>(
    `SELECT DISTINCT (extract(epoch FROM slot_start) * 1000)::bigint AS slot FROM news_articles WHERE slot_start >= to_timestamp($1 / 1000.0)`,
    [from],
  );
  return new Set(rows.map((r) => Number(r.slot)));
}

export async function insertArticles(
  q: Queryable,
  slotStart: number,
  articles: readonly VendorArticle[],
): Promise<void> {
  for (const a of articles) {
    await q.query(
      `INSERT INTO news_articles (vendor_key, feed, slot_start, published_at, symbol, underlying, sector, heading, title,
         companyname, keyword, sentiment, description, arttext)
       VALUES ($1, $2, to_timestamp($3 / 1000.0), to_timestamp($4 / 1000.0), $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (vendor_key) DO NOTHING`,
      [
        a.vendorKey,
        a.feed,
        slotStart,
        a.publishedAt,
        a.symbol,
        a.underlying,
        a.sector,
        a.heading,
        a.title,
        a.companyname,
        a.keyword,
        a.sentiment,
        a.description,
        a.arttext,
      ],
    );
  }
}

export interface FeedFilter {
  sector?: string;
  underlying?: string;
}

/** A feed's articles published by `until`, newest first. */
export async function listFeed(
  q: Queryable,
  feed: NewsFeed,
  limit: number,
  until: number,
  filter: FeedFilter = {},
): Promise<ArticleRow[]> {
  const { rows } = await q.query<ArticleRow>(
    `SELECT ${LIST_COLUMNS} FROM news_articles
      WHERE feed = $1 AND published_at <= to_timestamp($3 / 1000.0)
        AND ($4::text IS NULL OR lower(sector) = lower($4))
        AND ($5::text IS NULL OR underlying = $5)
      ORDER BY published_at DESC, sno DESC LIMIT $2`,
    [feed, limit, until, filter.sector ?? null, filter.underlying ?? null],
  );
  return rows;
}

export async function findArticle(
  q: Queryable,
  sno: number,
  until: number,
): Promise<{ sno: number; heading: string; datetime: string; arttext: string } | null> {
  const { rows } = await q.query<{ sno: number; heading: string; datetime: string; arttext: string }>(
    `SELECT sno, heading, to_char(published_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS') AS datetime, arttext
       FROM news_articles WHERE sno = $1 AND published_at <= to_timestamp($2 / 1000.0)`,
    [sno, until],
  );
  return rows[0] ?? null;
}

export interface MentionRow {
  symbol: string;
  companyname: string;
  mentions: number;
  bullish: number;
  bearish: number;
}

/** Company symbols the news of the `since`..`until` window names, most named first. */
export async function mentions(q: Queryable, since: number, until: number, limit: number): Promise<MentionRow[]> {
  const { rows } = await q.query<MentionRow>(
    `SELECT symbol, min(companyname) AS companyname, count(*)::int AS mentions,
            count(*) FILTER (WHERE sentiment = 1)::int AS bullish, count(*) FILTER (WHERE sentiment = 2)::int AS bearish
       FROM news_articles
      WHERE symbol <> '' AND feed IN ('hot-pursuit', 'corporate-results', 'stock', 'sector')
        AND published_at > to_timestamp($1 / 1000.0) AND published_at <= to_timestamp($2 / 1000.0)
      GROUP BY symbol ORDER BY mentions DESC, symbol LIMIT $3`,
    [since, until, limit],
  );
  return rows;
}
