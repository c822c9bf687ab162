import { infoExchangeTimings } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** Statuses move at session boundaries: a refresh a minute keeps the page true without a stream. */
const REFRESH_MS = 60_000;

/** /Info/GetExchangeTimings: every exchange's status now and its sessions, in IST. */
export function useExchangeTimings() {
  return useQuery({
    queryKey: ['exchangeTimings'],
    queryFn: async ({ signal }) => (await callApi(infoExchangeTimings, {}, { signal })).data,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
}
