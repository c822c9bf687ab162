import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';

/**
 * News calls (investing.md 2 "News", 3 "Ideas, news...", 7 "News and world markets"). Articles come from the simulated
 * news vendor and keep their sno; times are IST. The answer is read under news (arttext for an article's detail).
 */

export const liveNewsSections = ['hot-pursuit', 'foreign-markets', 'economy-news', 'corporate-results'] as const;
export type LiveNewsSection = (typeof liveNewsSections)[number];

/** Rows wanted: 6 small, 4 for the discussion cloud, 30 expanded (investing.md 9 "News"). */
const recordcount = z.coerce.number().int().min(1).max(50);

export const sentimentSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const newsItemSchema = z.object({
  sno: z.number().int().positive(),
  heading: z.string(),
  /** The line shown under the heading in lists. */
  title: z.string(),
  companyname: z.string(),
  keyword: z.string(),
  /** 0 neutral, 1 bullish, 2 bearish. */
  sentiment: sentimentSchema,
  /** IST "yyyy-mm-dd HH:MM:SS". */
  datetime: z.string(),
  /** IST "dd-mm-yyyy". */
  date: z.string(),
  description: z.string(),
  /** The display symbol the article is about, or '' for market-wide news. */
  symbol: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

const newsList = z.object({ news: z.array(newsItemSchema) });
/** The vendor's own section names are not given for these feeds: any text is accepted and a sector narrows sector news. */
const feedRequest = z.strictObject({ section: z.string().max(40).optional(), recordcount: recordcount.default(6) });

export const getLiveNews = defineCall({
  path: '/News/GetLiveNews',
  summary:
    'The news dashboard sections: hot-pursuit (top), foreign-markets, economy-news, corporate-results; newest first',
  access: 'session',
  request: z.strictObject({ section: z.enum(liveNewsSections), recordcount: recordcount.default(6) }),
  response: newsList,
});

export const stockTrendingNews = defineCall({
  path: '/News/StockTrendingNews',
  summary: "Company news: today's stories about the market's largest movers",
  access: 'session',
  request: feedRequest,
  response: newsList,
});

export const currencyNews = defineCall({
  path: '/News/CurrencyNews',
  summary: 'Rupee and currency futures news',
  access: 'session',
  request: feedRequest,
  response: newsList,
});

export const commodityNews = defineCall({
  path: '/News/CommodityNews',
  summary: 'MCX commodity news (bullion, energy, base metals)',
  access: 'session',
  request: feedRequest,
  response: newsList,
});

export const sectorWiseNews = defineCall({
  path: '/News/SectorWiseNews',
  summary: 'Sector news; a section naming a sector (as the market spells it, any case) keeps that sector only',
  access: 'session',
  request: feedRequest,
  response: newsList,
});

export const derivativeSymbolNews = defineCall({
  path: '/News/DerivativeSymbolNews',
  summary: 'F&O news, of one underlying (NIFTY, BANKNIFTY, RELIANCE...) when a symbol is sent',
  access: 'session',
  request: z.strictObject({ symbol: z.string().trim().max(30).default(''), recordcount: recordcount.default(6) }),
  response: newsList,
});

export const discussionCloudItemSchema = z.object({
  symbol: z.string(),
  companyname: z.string(),
  /** 1 to 100: how much today's news talks about the symbol, relative to the most talked about. */
  weight: z.number().int().min(1).max(100),
  sentiment: sentimentSchema,
});
export type DiscussionCloudItem = z.infer<typeof discussionCloudItemSchema>;

export const stockDiscCloud = defineCall({
  path: '/News/StockDiscCloud',
  summary: "The discussion cloud: the symbols today's news talks about most, with weights",
  access: 'session',
  request: z.strictObject({ section: z.string().max(40).optional(), recordcount: recordcount.default(4) }),
  response: z.object({ news: z.array(discussionCloudItemSchema) }),
});

export const getLiveNewsDetails = defineCall({
  path: '/News/GetLiveNewsDetails',
  summary: "An article's full text by its sno",
  access: 'session',
  request: z.strictObject({ sno: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: z.object({ sno: z.number().int(), heading: z.string(), datetime: z.string(), arttext: z.string() }),
});

export const newsCalls = [
  getLiveNews,
  stockTrendingNews,
  currencyNews,
  commodityNews,
  sectorWiseNews,
  derivativeSymbolNews,
  stockDiscCloud,
  getLiveNewsDetails,
] as const;
