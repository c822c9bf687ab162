import { formatAmount, parseRupees } from '@kite/domain';

/** A rupee string of the API ("1000.00") with lakh grouping ("1,000.00"). */
export function rupeesText(rupees: string): string {
  return formatAmount(parseRupees(rupees) ?? 0);
}
