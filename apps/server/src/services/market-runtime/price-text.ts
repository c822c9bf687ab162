import { formatScaled, mulDivRound } from '@kite/domain';

/** Integer price units -> the API's decimal string (2 decimals, 4 for currency); the only place they become text. */
export function priceText(units: number, decimals: 2 | 4): string {
  return formatScaled(units, decimals);
}

/** Change from the previous close and its percentage (2 decimals, half away from zero), in integer arithmetic. */
export function changeText(last: number, close: number, decimals: 2 | 4): { chng: string; chngPer: string } {
  return {
    chng: formatScaled(last - close, decimals),
    chngPer: close === 0 ? '0.00' : formatScaled(mulDivRound(last - close, 10_000, Math.abs(close)), 2),
  };
}
