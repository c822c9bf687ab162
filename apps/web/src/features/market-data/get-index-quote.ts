import { getIndexQuote, type IndexQuote } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

export interface IndexRef {
  index: string;
  exc: 'NSE' | 'BSE';
}

/** /Market/GetIndexQuote (investing.md 7): the values of the named indices; an empty list answers every index. */
export async function fetchIndexQuotes(indices: readonly IndexRef[], signal?: AbortSignal): Promise<IndexQuote[]> {
  const { data } = await callApi(getIndexQuote, { indices: [...indices] }, signal ? { signal } : {});
  return data.indices;
}

export function useIndexQuoteList(indices: readonly IndexRef[]) {
  return useQuery({
    queryKey: ['index-quote', ...indices.map((i) => `${i.exc}|${i.index}`)] as const,
    queryFn: ({ signal }) => fetchIndexQuotes(indices, signal),
  });
}
