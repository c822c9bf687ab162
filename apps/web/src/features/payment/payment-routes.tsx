import { Navigate, type RouteObject } from 'react-router';
import { AtomPaymentPage } from './AtomPaymentPage.tsx';
import { DematPaymentDetailsPage } from './DematPaymentDetailsPage.tsx';
import { DematPaymentStatusPage } from './DematPaymentStatusPage.tsx';
import { ATOM_PAYMENT_PATH, PAYMENT_DETAILS_PATH, PAYMENT_ENTRY_PATH, PAYMENT_STATUS_PATH } from './payment-format.ts';
import { PaymentEntryPage } from './PaymentEntryPage.tsx';
import { PaymentRedirectView } from './PaymentRedirectView.tsx';

/** The redirect view's route: the root shows it when a stored REDIRECT value is set (platform.md 2.2). */
export const REDIRECT_VIEW_PATH = '/redirect';

/** Public demat-charges payment pages (platform.md 2.2, 2.6). */
export const paymentRoutes: RouteObject[] = [
  { path: PAYMENT_ENTRY_PATH, element: <PaymentEntryPage /> },
  { path: '/Reports', element: <Navigate to={PAYMENT_ENTRY_PATH} replace /> },
  { path: PAYMENT_DETAILS_PATH, element: <DematPaymentDetailsPage /> },
  { path: ATOM_PAYMENT_PATH, element: <AtomPaymentPage /> },
  { path: PAYMENT_STATUS_PATH, element: <DematPaymentStatusPage /> },
  { path: REDIRECT_VIEW_PATH, element: <PaymentRedirectView /> },
];
