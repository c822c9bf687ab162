import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOrderUpdates } from '../../lib/stream/order-updates.ts';
import { ORDERS_KEY } from './api/my-orders.ts';

/** A pushed order update or a sent cancel refreshes every order list on screen (ARCHITECTURE.md "An order"). */
export function useOrderRefresh(): () => void {
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: [ORDERS_KEY] }), [client]);
  useOrderUpdates(refresh);
  return refresh;
}

