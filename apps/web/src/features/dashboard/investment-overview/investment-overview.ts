import { investmentOverview } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** How often the overview is read again: its figures follow the market, and the widget is a glance, not a ticker. */
export const OVERVIEW_REFRESH_MS = 15_000;

/** /Portfolio/InvestmentOverview: the client's holdings in one line (value, today's P/L, advances and declines). */
export function useInvestmentOverview() {
  return useQuery({
    queryKey: ['investmentOverview'],
    queryFn: async ({ signal }) => (await callApi(investmentOverview, {}, { signal })).data.summary,
    refetchInterval: OVERVIEW_REFRESH_MS,
    retry: false,
  });
}
