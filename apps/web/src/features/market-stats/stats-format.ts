import { formatScaled, groupIndian, mulDivRound, parseScaled } from '@kite/domain';

/** Rupees ("123456789.50") -> lakh with 2 decimals and lakh grouping ("1,234.57"); integer arithmetic throughout. */
export function lakhText(rupees: string): string {
  const paise = parseScaled(rupees, 2);
  if (paise === null) return rupees;
  return groupIndian(formatScaled(mulDivRound(paise, 1, 100_000), 2));
}

/** Rupees ("2512345678.90") -> crore with 2 decimals and lakh grouping ("251.23"); integer arithmetic throughout. */
export function croreText(rupees: string): string {
  const paise = parseScaled(rupees, 2);
  if (paise === null) return rupees;
  return groupIndian(formatScaled(mulDivRound(paise, 1, 10_000_000), 2));
}

/** Advances over declines, 2 decimals ("1.43"); a dash when nothing declined. */
export function adRatio(advances: number, declines: number): string {
  return declines === 0 ? '—' : formatScaled(mulDivRound(advances, 100, declines), 2);
}

/** A decimal string with lakh grouping (prices, index levels). */
export function grouped(decimal: string): string {
  return groupIndian(decimal);
}

/** A change with its sign ("+12.30", "-4.05", "0.00"). */
export function signed(decimal: string): string {
  return decimal.startsWith('-') || /^0(\.0+)?$/.test(decimal) ? groupIndian(decimal) : `+${groupIndian(decimal)}`;
}

export type Direction = 'up' | 'down' | 'flat';

export function directionOf(change: string): Direction {
  if (/^-?0(\.0+)?$/.test(change)) return 'flat';
  return change.startsWith('-') ? 'down' : 'up';
}

/**
 * How strong a heatmap tile's colour is, 0 to 4: steps of half a percent, read from the decimal text without floating
 * point (|change %| in hundredths, divided by 50).
 */
export function intensityOf(chngPer: string): number {
  const hundredths = parseScaled(chngPer.replace('-', ''), 2) ?? 0;
  return Math.min(4, Math.ceil(hundredths / 50));
}
