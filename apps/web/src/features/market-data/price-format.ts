import { formatPrice, parsePrice, type PriceDecimals } from '@kite/domain';

const DASH = '--';

/** Currency instruments carry 4 decimals, everything else 2 (platform.md 9, trading.md 9). */
export function priceDecimalsOf(exc: string): PriceDecimals {
  return exc === 'CDS' ? 4 : 2;
}

/** A wire price shown with lakh grouping and the instrument's decimals; parsed exactly, never through a float. */
export function displayPrice(value: string | null | undefined, decimals: PriceDecimals): string {
  if (value === null || value === undefined) return DASH;
  const units = parsePrice(value, decimals);
  return units === null ? DASH : formatPrice(units, decimals);
}

/** A signed percentage string ("-1.20") shown with 2 decimals. */
export function displayPercent(value: string | null | undefined): string {
  return displayPrice(value, 2);
}

/** 'up', 'down' or '' for a signed wire figure: the sign is read from the text, not from arithmetic. */
export function signOf(value: string | null | undefined): 'up' | 'down' | '' {
  if (!value) return '';
  const units = parsePrice(value, 4);
  if (units === null || units === 0) return '';
  return units > 0 ? 'up' : 'down';
}

/** "+12.30" for gains so a change reads at a glance; losses keep their minus sign. */
export function withSign(shown: string, value: string | null | undefined): string {
  return signOf(value) === 'up' ? `+${shown}` : shown;
}
