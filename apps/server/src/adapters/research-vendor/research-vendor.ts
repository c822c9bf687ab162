import type { IdeaCategory, IdeaSegment } from '@kite/domain';
import type { Market } from '@kite/exchange';

/**
 * The research house a broker buys trading calls from (ARCHITECTURE.md "The simulated market": news and research
 * vendors). The broker asks for the calls of a trading day and stores each once by the vendor's key.
 */

export interface VendorCall {
  vendorKey: string;
  segment: IdeaSegment;
  category: IdeaCategory;
  subcategory: string;
  exchange: string;
  trSymbol: string;
  calltype: 'BUY' | 'SELL';
  priceDecimals: 2 | 4;
  /** Price units of the instrument, multiples of its tick. */
  entry: number;
  target1: number;
  target2: number | null;
  stoploss: number | null;
  sentAt: number;
  /** IST day number of the last day the call stands. */
  expiryDay: number;
  description: string;
}

export interface ResearchVendor {
  /**
   * The calls of a segment sent on IST day `day` up to the instant `until`, priced from the market; calls whose key
   * `known` accepts (already stored) are not priced again and not returned.
   */
  callsOf(
    day: number,
    segment: IdeaSegment,
    until: number,
    market: Market,
    known: (key: string) => boolean,
  ): VendorCall[];
}
