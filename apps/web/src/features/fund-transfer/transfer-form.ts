import { checkTransferAmount, formatAmount, fundsText, parseRupees, rupeesString, type Paise } from '@kite/domain';

/** What the amount field says before sending: null when the amount may be sent (the server checks again). */
export function amountError(input: string, maxPaise: number, overMessage: (max: string) => string): string | null {
  const check = checkTransferAmount(input, maxPaise);
  if (check.ok) return null;
  switch (check.reason) {
    case 'required':
      return fundsText.amountRequired;
    case 'invalid':
      return fundsText.amountInvalid;
    case 'too-small':
      return fundsText.amountTooSmall(formatAmount(check.limitPaise ?? 0));
    case 'too-large':
      return overMessage(formatAmount(check.limitPaise ?? 0));
  }
}

/** "1,00,000.5" as the plain rupee text the API takes ("100000.50"); the input is already checked. */
export function plainAmount(input: string): string {
  return rupeesString(parseRupees(input.replaceAll(',', '').trim()) ?? (0 as Paise));
}

/** A rupee string of the API ("100000.50") as paise. */
export function paiseOf(amount: string): number {
  return parseRupees(amount) ?? 0;
}

/** A rupee string of the API with lakh grouping: "100000.50" -> "1,00,000.50". */
export function shownAmount(amount: string): string {
  return formatAmount(paiseOf(amount));
}
