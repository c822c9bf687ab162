import type { RouteObject } from 'react-router';

/** Public demat-charges payment pages and the SSO entry routes (platform.md 2.2, 2.6). */
export const paymentRoutes: RouteObject[] = [];
