import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { PlaceholderPage } from '../placeholder/PlaceholderPage.tsx';

/** Routes under /base (platform.md 2.2): /base/login. */
export const authRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/base/login" replace /> },
  { path: 'login', element: <PlaceholderPage title="Login" area="platform.md 4.1" /> },
];
