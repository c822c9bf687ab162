import { formatPrice, parsePrice, type PriceDecimals } from '@kite/domain';

/** The fewest ticks the price scale spans: a single flat bar still has whole ticks above and below it. */
export const MIN_SCALE_TICKS = 10;

export interface PriceRange {
  minValue: number;
  maxValue: number;
}

/** The instrument's tick in price units (the quote's tickSize), or one unit until the quote has answered. */
export function tickUnitsOf(tickSize: string | null | undefined, decimals: PriceDecimals): number {
  const units = tickSize ? parsePrice(tickSize, decimals) : null;
  return units !== null && units > 0 ? units : 1;
}

/**
 * The bars' price range, widened about its middle to at least MIN_SCALE_TICKS ticks with its ends on whole ticks.
 * The chart library extends a flat range by only a few of its smallest steps (a unit, a paisa), so its labels fell
 * between the instrument's ticks.
 */
export function priceRangeAtLeast(range: PriceRange, tick: number): PriceRange {
  const height = MIN_SCALE_TICKS * tick;
  if (range.maxValue - range.minValue >= height) return range;
  const minValue = Math.floor((range.minValue + range.maxValue - height) / 2 / tick) * tick;
  return { minValue, maxValue: Math.max(minValue + height, Math.ceil(range.maxValue / tick) * tick) };
}

/**
 * The price scale's labels: each mark on a whole tick as the price at the instrument's decimals; a mark the library
 * placed between ticks (its steps are 1, 2, 2.5 and 5 of a power of ten units) is left without a label.
 */
export function tickLabels(prices: readonly number[], tick: number, decimals: PriceDecimals): string[] {
  return prices.map((price) => {
    const units = Math.round(price);
    return Math.abs(price - units) < 1e-6 && units % tick === 0 ? formatPrice(units, decimals) : '';
  });
}
