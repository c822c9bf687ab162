/** The median of the values above zero (0 when there are none): what "stands out" is measured against. */
export function medianOfPositive(values: readonly number[]): number {
  const positive = values.filter((v) => v > 0).sort((a, b) => a - b);
  if (positive.length === 0) return 0;
  const middle = positive.length >> 1;
  return positive.length % 2 === 1 ? positive[middle]! : Math.round((positive[middle - 1]! + positive[middle]!) / 2);
}
