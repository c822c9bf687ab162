import { getOrderAndTradeAlerts } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export const orderAlertKeys = { today: ['alerts', 'orderAndTrade'] as const };

/** /Alerts/GetOrderAndTradeAlerts: the client's order and trade events of the day, newest first. */
export function useOrderAlerts(enabled: boolean) {
  return useQuery({
    queryKey: orderAlertKeys.today,
    queryFn: async ({ signal }) => (await callApi(getOrderAndTradeAlerts, {}, { signal })).data.alerts,
    enabled,
  });
}
