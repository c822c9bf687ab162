import { intradaySession } from '@kite/domain';
import { istDay, istMinuteOfDay } from '../clock/ist.ts';
import type { TradingCalendar } from '../clock/trading-calendar.ts';
import type { Instrument } from '../instruments/instrument.ts';
import { streamRandom, Xoshiro128, type Random } from '../random/prng.ts';
import type { MarketMode } from '../sessions/market-sessions.ts';

/** Share of trades that open new positions on both sides, and the share that close positions on both sides. */
const OPENING_SHARE = 0.45;
const CLOSING_SHARE = 0.35;

/** Trading days to expiry from which a contract counts as far: it holds the least. */
const FAR_TRADING_DAYS = 60;

/**
 * The share (per mille) of a contract's full open interest held with n trading days to its expiry: far contracts
 * hold little, the near month most, and holders roll over to the next in the last three days.
 */
function heldPerMille(tradingDaysToExpiry: number): number {
  if (tradingDaysToExpiry <= 1) return 150;
  if (tradingDaysToExpiry === 2) return 350;
  if (tradingDaysToExpiry === 3) return 600;
  if (tradingDaysToExpiry <= 20) return 1_000;
  if (tradingDaysToExpiry >= FAR_TRADING_DAYS) return 150;
  return 1_000 - Math.trunc((850 * (tradingDaysToExpiry - 20)) / (FAR_TRADING_DAYS - 20));
}
/** A day's carried lots vary about the course above by up to this many basis points. */
const DAY_NOISE_BP = 800;
/** A minute's wobble around the day's course, in parts of 10,000 of the day's start (at least a lot). */
const WOBBLE_BP = 25;
const DAY_MINUTES = 24 * 60;
/**
 * The share of the day-start open interest that changes hands in a day besides what moves it: a median (basis points)
 * and a spread (lognormal), so most contracts trade about as much and a few, each day others, trade several times it.
 */
const TURNOVER_MEDIAN_BP = 3_000;
const TURNOVER_SIGMA = 0.55;
/** How much busier the open and the close are than the middle of the session: the day's trading is U-shaped. */
const OPEN_CLOSE_RUSH = 0.6;
/** Keeps the turnover share's draw for a day apart from that day's minute draws (drawOn). */
const TURNOVER_STREAM = 0x27d4eb2f;

/** Futures and options carry open interest; spreads trade two futures and have none of their own. */
export function carriesOpenInterest(instrument: Instrument): boolean {
  return instrument.assetClass === 'FUTURE' || instrument.assetClass === 'OPTION';
}

export interface OpenInterestNow {
  /** Units (lots x lot size) open now. */
  value: number;
  /** Units carried into the trading day: today's change is counted from it. */
  dayStart: number;
  /**
   * Units traded today (lots x lot size). Drawn for a contract without a simulated book (OpenInterest.at); the book's
   * own day volume once it has one (Market.openInterest), which starts from the drawn volume of its first moment.
   */
  volume: number;
}

/**
 * Simulated open interest of one futures or options contract, in units. The simulated traders keep no positions, so
 * open interest cannot be counted from them, and most contracts have no simulated book at all (a book starts when
 * somebody looks). So the market's positions are drawn: the lots carried into each trading day are a seeded full
 * size for the contract, times the share held at its distance from expiry (heldPerMille: built up as it becomes the
 * near month, rolled over in its last days), varied by a draw for the day. Through a day's session open interest goes
 * from the lots carried into it to those carried into the next trading day in proportion to the time gone, with a
 * small wobble each minute, so a day's close is the next day's start. Every
 * contract's open interest thus moves through the day whether or not it is simulated, the same for a seed and a
 * moment (a restart shows the same figures). A contract with a simulated book adds its own trades on top: each opens
 * positions on both sides (+quantity), closes them (-quantity) or passes one from side to side (no change), drawn
 * from the contract's own stream so replays agree; that part starts again each day.
 *
 * The day's volume is drawn the same way, as open interest cannot move without trades: from nothing at the open it
 * grows through the session to the day's change of open interest and the minute's wobble (so it is never less than
 * what moved it) plus a share of the day-start lots drawn for the contract and the day (TURNOVER_*), traded busier at
 * the open and the close than at noon.
 */
export class OpenInterest {
  private readonly tradeRandom: Random;
  private readonly key: number;
  private readonly lot: number;
  private readonly exchange: Instrument['exc'];
  private readonly expiryDay: number;
  /** The trading day the carried lots below are for, and the lots carried into it and changed over it. */
  private day = Number.NaN;
  private dayLots = 0;
  private dayChange = 0;
  /** Lots the day trades besides those moving open interest. */
  private dayTurnover = 0;
  /** Lots open in the near month, the contract's full open interest. */
  private readonly fullLots: number;
  /** Units the simulated book's trades opened (or closed) on `tradeDay`. */
  private tradeUnits = 0;
  private tradeDay = Number.NaN;

  constructor(
    seed: number,
    instrument: Instrument,
    private readonly mode: MarketMode,
    private readonly calendar: TradingCalendar,
  ) {
    const name = `open-interest:${instrument.exc}:${instrument.trSymbol}`;
    this.tradeRandom = streamRandom(seed, `${name}:trades`);
    this.key = streamRandom(seed, name).nextUint32();
    // A future's size is its underlying's, so the near month holds more than the far ones; each option its own.
    const sizeName = instrument.assetClass === 'FUTURE' ? `open-interest:${instrument.exc}:${instrument.symbol}` : name;
    this.fullLots = streamRandom(seed, `${sizeName}:size`).int(1_000, 20_000);
    this.lot = instrument.lot;
    this.exchange = instrument.exc;
    this.expiryDay = instrument.expiryDay ?? 0;
  }

  /** Open interest at a moment (epoch ms). */
  at(time: number): OpenInterestNow {
    const { day, minutesGone, sessionMinutes } = this.sessionAt(time);
    this.carryInto(day);
    const drift = Math.trunc((this.dayChange * minutesGone) / sessionMinutes);
    const wobbleLots = minutesGone > 0 && minutesGone < sessionMinutes ? this.wobble(day, minutesGone) : 0;
    const trades = this.tradeDay === day ? this.tradeUnits : 0;
    return {
      value: Math.max(0, (this.dayLots + drift + wobbleLots) * this.lot + trades),
      dayStart: this.dayLots * this.lot,
      volume: this.volumeLots(minutesGone, sessionMinutes) * this.lot,
    };
  }

  /**
   * Lots traded once `minutesGone` of the session have: at least the drift's and the wobble's reach, so never less
   * than the open interest moved, plus the day's turnover along the U-shaped course; never less a minute later.
   */
  private volumeLots(minutesGone: number, sessionMinutes: number): number {
    if (minutesGone === 0) return 0;
    const gone = minutesGone / sessionMinutes;
    const course = gone + (OPEN_CLOSE_RUSH * Math.sin(2 * Math.PI * gone)) / (2 * Math.PI);
    return (
      this.wobbleReach() +
      Math.ceil((Math.abs(this.dayChange) * minutesGone) / sessionMinutes) +
      Math.floor(this.dayTurnover * course)
    );
  }

  /** A trade of the contract's simulated book at a moment. */
  trade(quantity: number, time: number): void {
    const { day } = this.sessionAt(time);
    if (this.tradeDay !== day) {
      this.tradeDay = day;
      this.tradeUnits = 0;
    }
    const u = this.tradeRandom.next();
    if (u < OPENING_SHARE) this.tradeUnits += quantity;
    else if (u < OPENING_SHARE + CLOSING_SHARE) this.tradeUnits -= Math.min(quantity, this.at(time).value);
  }

  /**
   * The trading day a moment counts for and how much of its session has gone: on a day without trading, the last
   * trading day, all gone; with every market always open ('always'), the IST day from midnight.
   */
  private sessionAt(time: number): { day: number; minutesGone: number; sessionMinutes: number } {
    const today = istDay(time);
    const minute = istMinuteOfDay(time);
    if (this.mode === 'always') return { day: today, minutesGone: minute, sessionMinutes: DAY_MINUTES };
    if (!this.calendar.isTradingDay(today)) {
      const last = this.calendar.onOrBefore(today);
      const session = intradaySession(this.exchange, last);
      return { day: last, minutesGone: session.end - session.start, sessionMinutes: session.end - session.start };
    }
    const session = intradaySession(this.exchange, today);
    const sessionMinutes = session.end - session.start;
    return { day: today, minutesGone: Math.min(sessionMinutes, Math.max(0, minute - session.start)), sessionMinutes };
  }

  /** The lots carried into a trading day and those it closes with (carried into the next). */
  private carryInto(day: number): void {
    if (day === this.day) return;
    const next = this.mode === 'real' ? this.calendar.next(day) : day + 1;
    this.day = day;
    this.dayLots = this.lotsCarriedInto(day);
    this.dayChange = this.lotsCarriedInto(next) - this.dayLots;
    const share = TURNOVER_MEDIAN_BP * Math.exp(TURNOVER_SIGMA * this.drawerOn(day, TURNOVER_STREAM).normal());
    this.dayTurnover = Math.trunc((this.dayLots * Math.round(share)) / 10_000);
  }

  private lotsCarriedInto(day: number): number {
    const held = heldPerMille(this.tradingDaysTo(day));
    const noise = this.drawOn(day, 0, -DAY_NOISE_BP, DAY_NOISE_BP);
    return Math.max(1, Math.trunc((this.fullLots * held * (10_000 + noise)) / 10_000_000));
  }

  /** Trading days from a day to the contract's expiry, counting the expiry day (1 on it, 0 after), FAR at most. */
  private tradingDaysTo(day: number): number {
    let count = 0;
    for (let d = day; d <= this.expiryDay && count < FAR_TRADING_DAYS; d++) if (this.calendar.isTradingDay(d)) count++;
    return count;
  }

  /** Whole lots up or down at a minute of a day, the same each time it is asked. */
  private wobble(day: number, minutesGone: number): number {
    const reach = this.wobbleReach();
    return this.drawOn(day, minutesGone, -reach, reach);
  }

  private wobbleReach(): number {
    return Math.max(1, Math.trunc((this.dayLots * WOBBLE_BP) / 10_000));
  }

  /** An integer in [min, max] for the contract at a day and minute, the same each time it is asked. */
  private drawOn(day: number, minute: number, min: number, max: number): number {
    return this.drawerOn(day, Math.imul(minute + 1, 0x85ebca6b)).int(min, max);
  }

  private drawerOn(day: number, stream: number): Xoshiro128 {
    return new Xoshiro128((this.key ^ Math.imul(day, 0x9e3779b1) ^ stream) >>> 0);
  }
}
