import type { RouteObject } from 'react-router';
import { SsoEntryPage } from './SsoEntryPage.tsx';
import { ssoEntryPoints } from './sso-entry-points.ts';

/** The single-sign-on entry routes at top level (platform.md 2.2). */
export const ssoRoutes: RouteObject[] = ssoEntryPoints.map((entry) => ({ path: entry.path, element: <SsoEntryPage entry={entry} /> }));
