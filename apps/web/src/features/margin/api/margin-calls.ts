import { ledgerBalance, marginDetails, marginUtilizationPercent } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type MarginSegment = 'equity' | 'commodity';

/** /Account/MarginDetails: funds, collateral, used margin by kind and available margin of a segment. */
export function useMarginDetails(segment: MarginSegment) {
  return useQuery({
    queryKey: ['marginDetails', segment],
    queryFn: async ({ signal }) => (await callApi(marginDetails, { segment }, { signal })).data,
    retry: false,
  });
}

/** /Account/MarginUtilizationPercent: the share of the margin in use. */
export function useMarginUtilisation() {
  return useQuery({
    queryKey: ['marginUtilisation'],
    queryFn: async ({ signal }) => (await callApi(marginUtilizationPercent, {}, { signal })).data.utilizationPercent,
    retry: false,
  });
}

/** /Account/LedgerBalance: the ledger balance and its entries. */
export function useLedger() {
  return useQuery({
    queryKey: ['ledgerBalance'],
    queryFn: async ({ signal }) => (await callApi(ledgerBalance, {}, { signal })).data,
    retry: false,
  });
}
