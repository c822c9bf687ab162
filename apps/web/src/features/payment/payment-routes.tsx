import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen/LazyScreen.tsx';
import { ATOM_PAYMENT_PATH, PAYMENT_DETAILS_PATH, PAYMENT_ENTRY_PATH, PAYMENT_STATUS_PATH } from './payment-format.ts';

/** The redirect view's route: the root shows it when a stored REDIRECT value is set (platform.md 2.2). */
export const REDIRECT_VIEW_PATH = '/redirect';

/** Public demat-charges payment pages (platform.md 2.2, 2.6), each loaded when opened. */
export const paymentRoutes: RouteObject[] = [
  { path: PAYMENT_ENTRY_PATH, element: lazyScreen(() => import('./PaymentEntryPage.tsx').then((m) => ({ default: m.PaymentEntryPage }))) },
  { path: '/Reports', element: <Navigate to={PAYMENT_ENTRY_PATH} replace /> },
  {
    path: PAYMENT_DETAILS_PATH,
    element: lazyScreen(() => import('./DematPaymentDetailsPage.tsx').then((m) => ({ default: m.DematPaymentDetailsPage }))),
  },
  { path: ATOM_PAYMENT_PATH, element: lazyScreen(() => import('./AtomPaymentPage.tsx').then((m) => ({ default: m.AtomPaymentPage }))) },
  {
    path: PAYMENT_STATUS_PATH,
    element: lazyScreen(() => import('./DematPaymentStatusPage.tsx').then((m) => ({ default: m.DematPaymentStatusPage }))),
  },
  { path: REDIRECT_VIEW_PATH, element: lazyScreen(() => import('./PaymentRedirectView.tsx').then((m) => ({ default: m.PaymentRedirectView }))) },
];
