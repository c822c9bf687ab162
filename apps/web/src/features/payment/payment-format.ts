import { formatAmount, formatPercent } from '@kite/domain';

/** Paise shown in rupees with lakh grouping (platform.md 9). */
export function rupees(paise: number): string {
  return `₹ ${formatAmount(paise)}`;
}

/** Hundredths of a percent, whole percentages without decimals: 0 -> "0%" (platform.md 2.6: GST shown as 0%). */
export function percent(hundredths: number): string {
  return `${formatPercent(hundredths).replace(/\.00$/, '')}%`;
}

/** Where the entry page lives (platform.md 2.2: /Reports redirects here). */
export const PAYMENT_ENTRY_PATH = '/PaymentGateway/payments.html';
export const PAYMENT_DETAILS_PATH = '/DematPaymentDetails';
export const PAYMENT_STATUS_PATH = '/DematPaymentStatus';
export const ATOM_PAYMENT_PATH = '/atom-payment';
