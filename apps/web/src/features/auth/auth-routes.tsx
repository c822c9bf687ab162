import type { RouteObject } from 'react-router';
import { Navigate, useNavigate } from 'react-router';
import { DormantFlow } from './DormantFlow.tsx';
import { ForgotClientIdPage } from './ForgotClientIdPage.tsx';
import { LoginPage } from './LoginPage.tsx';
import { RecoverPage } from './RecoverPage.tsx';

function DormantRoute() {
  const navigate = useNavigate();
  return <DormantFlow onLogin={() => void navigate('/base/login')} />;
}

/** Routes under /base (platform.md 2.2): login, password reset, unlock, forgot client id, and the dormant flow (2.5). */
export const authRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/base/login" replace /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'forgot-password', element: <RecoverPage key="reset" kind="reset" /> },
  { path: 'unlock', element: <RecoverPage key="unlock" kind="unlock" /> },
  { path: 'forgot-client-id', element: <ForgotClientIdPage /> },
  { path: 'dormant', element: <DormantRoute /> },
  { path: '*', element: <Navigate to="/base/login" replace /> },
];
