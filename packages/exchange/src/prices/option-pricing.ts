/**
 * Derivative fair values from the underlying (floating point is allowed here; callers round to the tick at the
 * boundary). Futures by cost of carry; options by Black-Scholes with a volatility smile.
 */

/** Standard normal cumulative distribution (Abramowitz-Stegun 26.2.17, error below 7.5e-8). */
export function normalCdf(x: number): number {
  const k = 1 / (1 + 0.2316419 * Math.abs(x));
  const poly = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))));
  const tail = (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return x >= 0 ? 1 - tail : tail;
}

/** Futures price by cost of carry: S * e^(carry * T). */
export function futurePrice(spot: number, carry: number, years: number): number {
  return spot * Math.exp(carry * Math.max(0, years));
}

/** Black-Scholes on a forward (Black-76, discounting at `rate`): price of a European call or put. */
export function blackScholes(
  call: boolean,
  forward: number,
  strike: number,
  years: number,
  rate: number,
  vol: number,
): number {
  const intrinsic = call ? Math.max(0, forward - strike) : Math.max(0, strike - forward);
  if (years <= 0 || vol <= 0) return intrinsic;
  const sd = vol * Math.sqrt(years);
  const d1 = (Math.log(forward / strike) + (sd * sd) / 2) / sd;
  const d2 = d1 - sd;
  const discount = Math.exp(-rate * years);
  return call
    ? discount * (forward * normalCdf(d1) - strike * normalCdf(d2))
    : discount * (strike * normalCdf(-d2) - forward * normalCdf(-d1));
}

/** Option delta (for the daily range of options, market-facts 4.1). */
export function optionDelta(call: boolean, forward: number, strike: number, years: number, vol: number): number {
  if (years <= 0 || vol <= 0) return call ? (forward > strike ? 1 : 0) : forward < strike ? -1 : 0;
  const sd = vol * Math.sqrt(years);
  const d1 = (Math.log(forward / strike) + (sd * sd) / 2) / sd;
  return call ? normalCdf(d1) : normalCdf(d1) - 1;
}

/**
 * Implied volatility smile: higher for strikes away from the money and skewed towards puts (equity indices),
 * sigma(K) = atm * (1 + curvature * m^2 - skew * m), m = ln(K/F) / sqrt(T) clamped.
 */
export function smileVol(
  atmVol: number,
  forward: number,
  strike: number,
  years: number,
  skew = 0.12,
  curvature = 0.6,
): number {
  const t = Math.max(years, 1 / 365);
  const m = Math.max(-0.6, Math.min(0.6, Math.log(strike / forward) / Math.sqrt(t)));
  return Math.max(0.02, atmVol * (1 + curvature * m * m - skew * m));
}

/** Years from now to an expiry at 15:30 IST; never negative. */
export function yearsToExpiry(nowMs: number, expiryMs: number): number {
  return Math.max(0, (expiryMs - nowMs) / (365 * 86_400_000));
}
