import { SPAN_MAX_LOTS, SPAN_MAX_POSITIONS } from '../contract/calculators.ts';
import { investingText } from '../messages/investing.ts';
import { parseScaled } from '../money/decimal.ts';

const errors = investingText.spanCalculator.errors;

/**
 * Whether one more position of `lotsText` lots may join a SPAN calculator list already holding `listed`: the same
 * bounds the server's contract holds (1 to 10,000 whole lots, 30 positions), with the calculator's texts.
 */
export function checkSpanPosition(
  lotsText: string,
  listed: number,
): { ok: true; lots: number } | { ok: false; error: string } {
  const lots = parseScaled(lotsText, 0);
  if (lots === null || lots < 1 || lots > SPAN_MAX_LOTS) return { ok: false, error: errors.lots };
  if (listed >= SPAN_MAX_POSITIONS) return { ok: false, error: errors.tooMany(SPAN_MAX_POSITIONS) };
  return { ok: true, lots };
}
