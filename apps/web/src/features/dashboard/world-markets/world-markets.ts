import { worldIndices } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** World indices move in 5-minute steps. */
export const WORLD_REFRESH_MS = 60_000;

/** /Market/WorldIndices. */
export function useWorldIndices() {
  return useQuery({
    queryKey: ['worldIndices'],
    queryFn: async ({ signal }) => (await callApi(worldIndices, {}, { signal })).data.indices,
    refetchInterval: WORLD_REFRESH_MS,
    retry: false,
  });
}
