import type { Random } from '../random/prng.ts';

export interface UnderlyingSpec {
  key: string;
  /** Starting price in price units (floating point inside the process). */
  price: number;
  /** Sector for the shared sector factor; null for no market or sector factor (currencies, commodities). */
  sector: string | null;
  /** Annual idiosyncratic volatility. */
  vol: number;
  /** Sensitivity to the market factor. */
  beta: number;
  /** The exchange whose trading hours move this price (equities NSE, currencies CDS, commodities MCX or NCDEX). */
  session: string;
}

export interface ProcessOptions {
  marketVol?: number;
  sectorVol?: number;
}

/**
 * Geometric random walk with sector correlation: each step, log return = beta * market + sector + own noise, each a
 * normal draw scaled by its volatility and sqrt(dt) (dt in trading years), with the Ito drift correction so the
 * expected price stays put.
 */
export class PriceProcess {
  private readonly keys: string[];
  private readonly index = new Map<string, number>();
  private readonly logPrice: Float64Array;
  private readonly vol: Float64Array;
  private readonly beta: Float64Array;
  private readonly sectorOf: Int32Array;
  private readonly sessionOf: string[];
  private readonly sectorShock: Float64Array;
  private readonly marketVol: number;
  private readonly sectorVol: number;

  constructor(
    specs: readonly UnderlyingSpec[],
    private readonly random: Random,
    options: ProcessOptions = {},
  ) {
    this.marketVol = options.marketVol ?? 0.12;
    this.sectorVol = options.sectorVol ?? 0.08;
    this.keys = specs.map((s) => s.key);
    this.sessionOf = specs.map((s) => s.session);
    this.logPrice = new Float64Array(specs.length);
    this.vol = new Float64Array(specs.length);
    this.beta = new Float64Array(specs.length);
    this.sectorOf = new Int32Array(specs.length);
    const sectors = new Map<string, number>();
    specs.forEach((s, i) => {
      this.index.set(s.key, i);
      this.logPrice[i] = Math.log(s.price);
      this.vol[i] = s.vol;
      this.beta[i] = s.beta;
      if (s.sector === null) this.sectorOf[i] = -1;
      else {
        if (!sectors.has(s.sector)) sectors.set(s.sector, sectors.size);
        this.sectorOf[i] = sectors.get(s.sector)!;
      }
    });
    this.sectorShock = new Float64Array(sectors.size);
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  price(key: string): number {
    const i = this.index.get(key);
    if (i === undefined) throw new Error(`No price process for ${key}`);
    return Math.exp(this.logPrice[i]!);
  }

  /** Every price by key: what a later process starts from (UnderlyingSpec.price) to carry on where this one is. */
  prices(): Record<string, number> {
    return Object.fromEntries(this.keys.map((key, i) => [key, Math.exp(this.logPrice[i]!)]));
  }

  /**
   * Moves every price by one step of `dt` trading years; with `open`, only those whose session is in it (the draws of
   * the others are still made, so one price's path does not depend on which other markets are open).
   */
  step(dt: number, open?: ReadonlySet<string>): void {
    if (dt <= 0) return;
    const root = Math.sqrt(dt);
    const market = this.random.normal() * this.marketVol * root;
    for (let s = 0; s < this.sectorShock.length; s++)
      this.sectorShock[s] = this.random.normal() * this.sectorVol * root;
    for (let i = 0; i < this.keys.length; i++) {
      const sector = this.sectorOf[i]!;
      const own = this.vol[i]!;
      let shock = this.random.normal() * own * root;
      let variance = own * own;
      if (sector >= 0) {
        const beta = this.beta[i]!;
        shock += beta * market + this.sectorShock[sector]!;
        variance += beta * beta * this.marketVol * this.marketVol + this.sectorVol * this.sectorVol;
      }
      if (open && !open.has(this.sessionOf[i]!)) continue;
      this.logPrice[i] = this.logPrice[i]! + shock - 0.5 * variance * dt;
    }
  }

  /** Moves one price by a factor (news, a trade pushing the fair value). */
  nudge(key: string, factor: number): void {
    const i = this.index.get(key);
    if (i !== undefined && factor > 0) this.logPrice[i] = this.logPrice[i]! + Math.log(factor);
  }
}

/** Trading years per millisecond of continuous equity session (252 days of 375 minutes). */
export const TRADING_YEAR_MS = 252 * 375 * 60_000;
