import { useSyncExternalStore } from 'react';

export const widgetIds = [
  'investmentOverview',
  'topGainers',
  'topLosers',
  'outstandingOrders',
  'researchIdeas',
  'worldMarkets',
  'hotNews',
  'companyNews',
  'currencyNews',
  'commodityNews',
  'sectorNews',
  'derivativeNews',
  'discussionCloud',
] as const;
export type WidgetId = (typeof widgetIds)[number];

interface DashboardState {
  /** The widget shown full size, or null for the 'all widgets' view (platform.md 2.8, 3.4 active widget). */
  expanded: WidgetId | null;
  closed: ReadonlySet<WidgetId>;
}

let state: DashboardState = { expanded: null, closed: new Set() };
const listeners = new Set<() => void>();

function set(next: DashboardState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const dashboardStore = {
  get: (): DashboardState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  expand(id: WidgetId): void {
    set({ ...state, expanded: id });
  },
  /** Back to the 'all widgets' view; true when a widget was expanded (the Escape shortcut uses it). */
  collapse(): boolean {
    if (state.expanded === null) return false;
    set({ ...state, expanded: null });
    return true;
  },
  close(id: WidgetId): void {
    set({ expanded: null, closed: new Set([...state.closed, id]) });
  },
  restoreAll(): void {
    set({ expanded: null, closed: new Set() });
  },
};

export function useDashboard(): DashboardState {
  return useSyncExternalStore(dashboardStore.subscribe, dashboardStore.get);
}
