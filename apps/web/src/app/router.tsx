import { Navigate, Outlet, createBrowserRouter } from 'react-router';
import { authRoutes } from '../features/auth/auth-routes.tsx';
import { paymentRoutes } from '../features/payment/payment-routes.tsx';
import { ssoRoutes } from '../features/sso/sso-routes.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { viewerRoutes } from '../features/pnl/viewer-routes.tsx';
import { ShellLayout, shellChildren } from './shell/shell-routes.tsx';

/** Top-level routes of the normal application (platform.md 2.2). */
export function createRouter() {
  return createBrowserRouter([
    { path: '/', element: <Navigate to="/home/dashboard" replace /> },
    { path: '/base', element: <Outlet />, children: authRoutes },
    { path: '/home', element: <ShellLayout />, children: shellChildren },
    ...paymentRoutes,
    ...ssoRoutes,
    ...viewerRoutes,
    { path: '*', element: <NotFoundPage /> },
  ]);
}
