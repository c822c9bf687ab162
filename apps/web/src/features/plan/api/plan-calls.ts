import { masterSubscriptionPlan, myTradingPlan, subscriptionReq } from '@kite/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export const planKeys = {
  current: ['plan', 'current'] as const,
  master: ['plan', 'master'] as const,
};

/** /Business/MyTradingPlan: the client's equity and F&O plans. */
export function useMyTradingPlan() {
  return useQuery({
    queryKey: planKeys.current,
    queryFn: async ({ signal }) => (await callApi(myTradingPlan, {}, { signal })).data,
  });
}

/** /Business/MasterSubscriptionPlan: the plans on offer, GST and exposure factors (read when the chooser opens). */
export function useMasterPlans(enabled: boolean) {
  return useQuery({
    queryKey: planKeys.master,
    enabled,
    queryFn: async ({ signal }) => (await callApi(masterSubscriptionPlan, {}, { signal })).data,
  });
}

/** /Business/SubscriptionReq: planId^mode^flag segments joined with '|'; the current plan is read again after. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (planId: string) => (await callApi(subscriptionReq, { planId })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.current }),
  });
}
