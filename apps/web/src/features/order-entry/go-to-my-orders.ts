import type { TradeSegment } from '@kite/domain';

export const MY_ORDERS_PATH = '/home/myorders';

/**
 * Opens My Orders on a segment tab (trading.md 4.1). Dialogs render outside the router, so the history entry is
 * pushed here and the router is told with a popstate; the tab travels as location.state.tab.
 */
export function goToMyOrders(tab: TradeSegment): void {
  const state = { usr: { tab }, key: Math.random().toString(36).slice(2, 10), idx: ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1 };
  window.history.pushState(state, '', MY_ORDERS_PATH);
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
}
