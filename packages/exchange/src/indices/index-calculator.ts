/**
 * An index level from its constituents' prices: level = base * sum(w_i * P_i / P0_i), weights summing to 1. Real
 * indices weight by free-float market capitalisation; the given approximate weights stand in for it and names without
 * one share the remainder equally (README "Indices").
 */
export class IndexCalculator {
  readonly constituents: readonly string[];
  private readonly weights: Float64Array;
  private readonly basePrices: Float64Array;

  constructor(
    readonly baseLevel: number,
    constituents: readonly { key: string; basePrice: number }[],
    approximateWeights: Readonly<Record<string, number>> = {},
  ) {
    this.constituents = constituents.map((c) => c.key);
    const known = constituents.reduce((sum, c) => sum + (approximateWeights[c.key] ?? 0), 0);
    const unknownCount = constituents.filter((c) => approximateWeights[c.key] === undefined).length;
    const remainder = Math.max(0, 100 - known);
    const share = unknownCount > 0 ? remainder / unknownCount : 0;
    const raw = constituents.map((c) => approximateWeights[c.key] ?? share);
    const total = raw.reduce((a, b) => a + b, 0);
    this.weights = Float64Array.from(raw, (w) => w / total);
    this.basePrices = Float64Array.from(constituents, (c) => c.basePrice);
  }

  level(priceOf: (key: string) => number): number {
    let sum = 0;
    for (let i = 0; i < this.constituents.length; i++) {
      sum += (this.weights[i]! * priceOf(this.constituents[i]!)) / this.basePrices[i]!;
    }
    return this.baseLevel * sum;
  }

  weightOf(key: string): number {
    const i = this.constituents.indexOf(key);
    return i < 0 ? 0 : this.weights[i]!;
  }
}
