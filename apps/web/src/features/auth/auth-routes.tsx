import type { RouteObject } from 'react-router';
import { Navigate, useNavigate } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen/LazyScreen.tsx';
import { LoginPage } from './LoginPage.tsx';

const recoverPage = (kind: 'reset' | 'unlock') =>
  lazyScreen(() => import('./RecoverPage.tsx').then(({ RecoverPage }) => ({ default: () => <RecoverPage key={kind} kind={kind} /> })));

/**
 * Routes under /base (platform.md 2.2): login, password reset, unlock, forgot client id, and the dormant flow (2.5).
 * The login screen is part of the first screen; the others load when opened.
 */
export const authRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/base/login" replace /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'forgot-password', element: recoverPage('reset') },
  { path: 'unlock', element: recoverPage('unlock') },
  {
    path: 'forgot-client-id',
    element: lazyScreen(() => import('./ForgotClientIdPage.tsx').then((m) => ({ default: m.ForgotClientIdPage }))),
  },
  {
    path: 'dormant',
    element: lazyScreen(() =>
      import('./DormantFlow.tsx').then(({ DormantFlow }) => ({
        default: function DormantRoute() {
          const navigate = useNavigate();
          return <DormantFlow onLogin={() => void navigate('/base/login')} />;
        },
      })),
    ),
  },
  { path: '*', element: <Navigate to="/base/login" replace /> },
];
