import type { Instrument } from '../instruments/instrument.ts';
import { streamRandom, type Random } from '../random/prng.ts';

/** Share of trades that open new positions on both sides, and the share that close positions on both sides. */
const OPENING_SHARE = 0.45;
const CLOSING_SHARE = 0.35;

/** Futures and options carry open interest; spreads trade two futures and have none of their own. */
export function carriesOpenInterest(instrument: Instrument): boolean {
  return instrument.assetClass === 'FUTURE' || instrument.assetClass === 'OPTION';
}

/**
 * Simulated open interest of one futures or options contract, in units (lots x lot size). The simulated traders keep
 * no positions, so open interest cannot be counted from them: it starts from a seeded number of carried lots and each
 * trade either opens positions on both sides (+quantity), closes them on both sides (-quantity) or passes a position
 * from one side to the other (no change), drawn from the contract's own random stream so replays agree.
 */
export class OpenInterest {
  private readonly random: Random;
  private units: number;
  /** The carried open interest the contract started the day with: today's change is counted from it. */
  readonly dayStart: number;

  constructor(seed: number, instrument: Instrument) {
    this.random = streamRandom(seed, `open-interest:${instrument.id}`);
    this.units = this.random.int(200, 5_000) * instrument.lot;
    this.dayStart = this.units;
  }

  get value(): number {
    return this.units;
  }

  trade(quantity: number): void {
    const u = this.random.next();
    if (u < OPENING_SHARE) this.units += quantity;
    else if (u < OPENING_SHARE + CLOSING_SHARE) this.units = Math.max(0, this.units - quantity);
  }
}
