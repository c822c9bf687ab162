import {
  commodityNews,
  currencyNews,
  derivativeSymbolNews,
  getLiveNews,
  getLiveNewsDetails,
  sectorWiseNews,
  stockDiscCloud,
  stockTrendingNews,
  type LiveNewsSection,
  type NewsItem,
} from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** Record counts (investing.md 9 "News"): 6 small, 4 for the small discussion cloud, 30 expanded. */
export const NEWS_SMALL = 6;
export const CLOUD_SMALL = 4;
export const NEWS_EXPANDED = 30;

/** The vendor files every half hour; a minute's refresh shows a new slot soon after it lands. */
export const NEWS_REFRESH_MS = 60_000;

export type NewsFeedId = 'hot' | 'company' | 'currency' | 'commodity' | 'sector' | 'derivative';

/** /News/GetLiveNews: one section of the news dashboard. */
export function useLiveNews(section: LiveNewsSection, count: number) {
  return useQuery({
    queryKey: ['news', 'live', section, count],
    queryFn: async ({ signal }): Promise<NewsItem[]> =>
      (await callApi(getLiveNews, { section, recordcount: count }, { signal })).data.news,
    refetchInterval: NEWS_REFRESH_MS,
    retry: false,
  });
}

async function feedOf(feed: NewsFeedId, count: number, symbol: string, signal: AbortSignal): Promise<NewsItem[]> {
  const data = { recordcount: count };
  switch (feed) {
    case 'hot':
      return (await callApi(getLiveNews, { section: 'hot-pursuit', ...data }, { signal })).data.news;
    case 'company':
      return (await callApi(stockTrendingNews, data, { signal })).data.news;
    case 'currency':
      return (await callApi(currencyNews, data, { signal })).data.news;
    case 'commodity':
      return (await callApi(commodityNews, data, { signal })).data.news;
    case 'sector':
      return (await callApi(sectorWiseNews, data, { signal })).data.news;
    case 'derivative':
      return (await callApi(derivativeSymbolNews, { symbol, ...data }, { signal })).data.news;
  }
}

/** A dashboard news widget's list; the derivative feed sends a symbol instead of a section. */
export function useNewsFeed(feed: NewsFeedId, count: number, symbol = '') {
  return useQuery({
    queryKey: ['news', feed, count, symbol],
    queryFn: ({ signal }) => feedOf(feed, count, symbol, signal),
    refetchInterval: NEWS_REFRESH_MS,
    retry: false,
  });
}

/** /News/GetLiveNewsDetails: an article's text, fetched when it is opened; articles do not change. */
export function useArticle(sno: number) {
  return useQuery({
    queryKey: ['news', 'article', sno],
    queryFn: async ({ signal }) => (await callApi(getLiveNewsDetails, { sno }, { signal })).data,
    staleTime: Infinity,
    retry: false,
  });
}

/** /News/StockDiscCloud. */
export function useDiscussionCloud(count: number) {
  return useQuery({
    queryKey: ['news', 'cloud', count],
    queryFn: async ({ signal }) => (await callApi(stockDiscCloud, { recordcount: count }, { signal })).data.news,
    refetchInterval: NEWS_REFRESH_MS,
    retry: false,
  });
}
