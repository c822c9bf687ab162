import {
  allocateFundsReport,
  cancelPayoutRequest,
  gatewayPayInStatus,
  getBankDetails,
  getFundTransferLogs,
  getPayInOptions,
  pendingPayouts,
  placePayInRequest,
  placePayOutRequest,
  type PayInMode,
} from '@kite/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export const fundKeys = {
  all: ['funds'] as const,
  banks: ['funds', 'banks'] as const,
  options: ['funds', 'options'] as const,
  pending: ['funds', 'pending'] as const,
  logs: ['funds', 'logs'] as const,
  allocation: ['funds', 'allocation'] as const,
  payIn: (reference: string) => ['funds', 'payin', reference] as const,
};

/** /FundTransfer/GetBankDetails: the linked banks (masked) and the balances. */
export function useBankDetails() {
  return useQuery({
    queryKey: fundKeys.banks,
    queryFn: async ({ signal }) => (await callApi(getBankDetails, {}, { signal })).data,
  });
}

/** /FundTransfer/GetPayInOptions: modes and limits. */
export function usePayInOptions() {
  return useQuery({
    queryKey: fundKeys.options,
    queryFn: async ({ signal }) => (await callApi(getPayInOptions, {}, { signal })).data,
  });
}

/** /TR/PendingPayouts. */
export function usePendingPayouts() {
  return useQuery({
    queryKey: fundKeys.pending,
    queryFn: async ({ signal }) => (await callApi(pendingPayouts, {}, { signal })).data.payouts,
  });
}

/** /FundTransfer/GetFundTransferLogs. */
export function useTransferLogs() {
  return useQuery({
    queryKey: fundKeys.logs,
    queryFn: async ({ signal }) => (await callApi(getFundTransferLogs, {}, { signal })).data.logs,
  });
}

/** /Allocate/Funds/Report: what each segment holds of the funds now, beside the pool. */
export function useFundAllocation() {
  return useQuery({
    queryKey: fundKeys.allocation,
    queryFn: async ({ signal }) => (await callApi(allocateFundsReport, {}, { signal })).data,
  });
}

/** /Gateway/RazorPay: the server's word on a pay-in the gateway sent the payer back from. */
export function usePayInStatus(reference: string | null) {
  return useQuery({
    queryKey: fundKeys.payIn(reference ?? ''),
    enabled: reference !== null,
    queryFn: async ({ signal }) => (await callApi(gatewayPayInStatus, { reference: reference ?? '' }, { signal })).data,
  });
}

/** Every funds figure on the screen is read again after a change. */
function useRefreshFunds() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fundKeys.all });
}

export function usePlacePayIn() {
  const refresh = useRefreshFunds();
  return useMutation({
    mutationFn: async (request: { bankId: string; amount: string; mode: PayInMode }) =>
      (await callApi(placePayInRequest, request)).data,
    onSettled: refresh,
  });
}

export function usePlacePayOut() {
  const refresh = useRefreshFunds();
  return useMutation({
    mutationFn: async (request: { bankId: string; amount: string }) =>
      (await callApi(placePayOutRequest, request)).data,
    onSettled: refresh,
  });
}

export function useCancelPayout() {
  const refresh = useRefreshFunds();
  return useMutation({
    mutationFn: async (reference: string) => (await callApi(cancelPayoutRequest, { reference })).data,
    onSettled: refresh,
  });
}
