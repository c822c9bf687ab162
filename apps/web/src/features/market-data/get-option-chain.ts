import { getOptionChain, type SymbolObject } from '@kite/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

/** Premiums and open interest move all day: the chain is asked again this often while the page is open. */
const REFRESH_MS = 30_000;

/**
 * /Market/GetOptionChain: calls and puts by strike for an expiry of the scrip's underlying; without an expiry the
 * server answers the nearest. The previous expiry's chain stays shown while another one is asked for.
 */
export function useOptionChain(sym: SymbolObject, expiry: string | null) {
  return useQuery({
    queryKey: ['option-chain', sym.exc, sym.id, expiry] as const,
    queryFn: async ({ signal }) => (await callApi(getOptionChain, expiry ? { sym, expiry } : { sym }, { signal })).data,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
