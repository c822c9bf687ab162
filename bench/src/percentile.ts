/** The value at quantile q (0..1) of ascending samples: nearest rank, 0 for none. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** The median of samples in any order (nearest rank, as `percentile`); the samples are not changed. */
export function median(samples: readonly number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    0.5,
  );
}
