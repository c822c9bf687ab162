import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { local, storageKeys } from '../../lib/storage/storage.ts';
import { ATOM_PAYMENT_PATH, PAYMENT_STATUS_PATH } from './payment-format.ts';

export type RedirectTarget = { kind: 'route'; to: string } | { kind: 'page'; href: string };

/** Where a stored REDIRECT leads (platform.md 2.2), DATA_PARAM being the query the target page reads. */
export function redirectTarget(redirectTo: string | null, dataParam: string | null): RedirectTarget {
  const query = dataParam ? `?${dataParam.replace(/^\?/, '')}` : '';
  switch (redirectTo) {
    case 'ATOM_PAYMENT':
      return { kind: 'route', to: `${ATOM_PAYMENT_PATH}${query}` };
    case 'ATOM_PAYMENT_REDIRECT':
      return { kind: 'route', to: `${PAYMENT_STATUS_PATH}${query}` };
    case 'SUMMARY_PORTFOLIO':
      return { kind: 'page', href: `/Portfolio.html${query}` };
    case 'SUMMARY_PORTFOLIO_NEW':
      return { kind: 'page', href: `/MyPortfolio.html${query}` };
    default:
      return { kind: 'route', to: '/base/login' };
  }
}

/** The redirect view: the stored values are used once, so a later visit is not redirected again. */
export function PaymentRedirectView() {
  const [target] = useState(() => redirectTarget(local.get(storageKeys.redirectTo), local.get(storageKeys.dataParam)));
  useEffect(() => {
    local.remove(storageKeys.redirect);
    local.remove(storageKeys.redirectTo);
    local.remove(storageKeys.dataParam);
    if (target.kind === 'page') window.location.replace(target.href);
  }, [target]);
  return target.kind === 'route' ? <Navigate to={target.to} replace /> : null;
}
