import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen/LazyScreen.tsx';
import { ssoEntryPoints } from './sso-entry-points.ts';

/** The single-sign-on entry routes at top level (platform.md 2.2), loaded when one is opened. */
export const ssoRoutes: RouteObject[] = ssoEntryPoints.map((entry) => ({
  path: entry.path,
  element: lazyScreen(() => import('./SsoEntryPage.tsx').then(({ SsoEntryPage }) => ({ default: () => <SsoEntryPage entry={entry} /> }))),
}));
