import { getQuote, type SymbolObject } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

export type QuoteAnswer = Awaited<ReturnType<typeof fetchQuote>>;

/** /Market/GetQuote: the quote with five levels of bids and asks (trading.md 3 "Quote"). */
export async function fetchQuote(sym: SymbolObject, signal?: AbortSignal) {
  const { data } = await callApi(getQuote, { sym }, signal ? { signal } : {});
  return data;
}

export const quoteKey = (sym: SymbolObject | null) => ['quote', sym?.exc ?? '', sym?.id ?? '', sym?.xSym ?? ''] as const;

export function useQuote(sym: SymbolObject | null) {
  return useQuery({
    queryKey: quoteKey(sym),
    queryFn: ({ signal }) => fetchQuote(sym as SymbolObject, signal),
    enabled: sym !== null,
  });
}
