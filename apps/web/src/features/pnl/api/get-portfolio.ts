import { porfolio, porfolioV2, type PnlFilter, type PnlSegment, type PnlSummary } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type PnlVariant = 'classic' | 'new';

export const portfolioKey = (variant: PnlVariant, segment: PnlSegment, filter: PnlFilter) =>
  ['pnlPortfolio', variant, segment, filter] as const;

/** /Business/Porfolio (classic view) or /Business/PorfolioV2 (new view): the summary of a segment (investing.md 7). */
export async function fetchPortfolio(
  variant: PnlVariant,
  segment: PnlSegment,
  filter: PnlFilter,
  signal?: AbortSignal,
): Promise<PnlSummary> {
  const call = variant === 'new' ? porfolioV2 : porfolio;
  const { data } = await callApi(call, { filters: filter, segment }, signal ? { signal } : {});
  return data.data;
}

export function usePortfolio(variant: PnlVariant, segment: PnlSegment, filter: PnlFilter) {
  return useQuery({
    queryKey: portfolioKey(variant, segment, filter),
    queryFn: ({ signal }) => fetchPortfolio(variant, segment, filter, signal),
    retry: false,
    // investing.md 4: changing the filter or the segment refetches and resets every total to 0.00, so nothing of an
    // earlier segment is kept to show meanwhile. A late answer (or error) of another segment is another key: ignored.
    gcTime: 0,
  });
}
