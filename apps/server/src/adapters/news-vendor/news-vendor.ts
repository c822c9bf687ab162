import type { Market } from '@kite/exchange';
import type { WorldIndexReading } from '../world-markets/world-indices.ts';

/**
 * The news vendor a broker buys its wire from (ARCHITECTURE.md "The simulated market": news and research vendors).
 * The broker asks it for the articles published in a half-hour slot and stores them; the simulated vendor writes them
 * from the simulated market's moves.
 */

export const newsFeeds = [
  'hot-pursuit',
  'foreign-markets',
  'economy-news',
  'corporate-results',
  'stock',
  'currency',
  'commodity',
  'sector',
  'derivative',
] as const;
export type NewsFeed = (typeof newsFeeds)[number];

export interface VendorArticle {
  /** The vendor's own id of the article: the broker stores each once. */
  vendorKey: string;
  feed: NewsFeed;
  publishedAt: number;
  /** Display symbol of the company or contract the story is about, '' for market-wide stories. */
  symbol: string;
  /** Root symbol of the underlying for F&O stories (NIFTY, RELIANCE), else ''. */
  underlying: string;
  sector: string;
  heading: string;
  title: string;
  companyname: string;
  keyword: string;
  sentiment: 0 | 1 | 2;
  description: string;
  arttext: string;
}

export interface NewsVendor {
  /** Minutes between publishing slots. */
  readonly slotMinutes: number;
  /**
   * The articles of the slot starting at `slotStart`, written from the market and world indices as they are now;
   * `catchingUp` when the slot is past and fetched late (the vendor then leaves out what would repeat the latest slot).
   */
  publish(slotStart: number, market: Market, world: WorldIndexReading[], catchingUp: boolean): VendorArticle[];
}
