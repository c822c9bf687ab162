import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen/LazyScreen.tsx';

/** The standalone portfolio viewer's pages at top level (investing.md 2 routes), loaded when one is opened. */
export const viewerRoutes: RouteObject[] = [
  { path: '/Portfolio.html', element: lazyScreen(() => import('./StandaloneViewerPage.tsx').then((m) => ({ default: m.PortfolioViewerPage }))) },
  { path: '/MyPortfolio.html', element: lazyScreen(() => import('./StandaloneViewerPage.tsx').then((m) => ({ default: m.MyPortfolioViewerPage }))) },
];
