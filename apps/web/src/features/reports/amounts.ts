import { groupIndian } from '@kite/domain';

/** An API amount ("-123456.50") with lakh grouping ("-1,23,456.50"); a zero debit or credit shows blank. */
export const amountText = (value: string, blankZero = false) =>
  blankZero && value === '0.00' ? '' : groupIndian(value);

/** Green for a gain, red for a loss. */
export const signClass = (value: string, up: string | undefined, down: string | undefined) =>
  value.startsWith('-') ? down : value === '0.00' ? undefined : up;
