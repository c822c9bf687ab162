import type { FastifyInstance } from 'fastify';
import { formatScaled, ok, reject, technicalPeriods, technicals, type Technicals } from '@kite/domain';
import { isoDate, istDay, type Candle, type Instrument } from '@kite/exchange';
import { registerCall } from '../../plugins/calls.ts';
import { priceText } from '../../services/market-runtime/price-text.ts';
import { instrumentOfSymbol, symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { MAX_CANDLES } from './price-chart.ts';
import {
  countSignals,
  ema,
  macd,
  macdSignal,
  movingAverageSignal,
  pivots,
  positionOf,
  readingSignal,
  rsi,
  rsiReading,
  sma,
  stochastic,
  stochasticReading,
  verdictOf,
  type Signal,
} from './technical-indicators.ts';

const RSI_PERIOD = 14;
const [MACD_FAST, MACD_SLOW, MACD_SIGNAL] = [12, 26, 9];
const [STOCHASTIC_K, STOCHASTIC_D] = [14, 3];

/** The Technicals section of an instrument from its daily bars (oldest first) on IST day `today`. */
export function technicalsOf(instrument: Instrument, bars: readonly Candle[], today: number): Technicals {
  const price = (units: number) => priceText(units, instrument.priceDecimals);
  const percent = (hundredths: number) => formatScaled(hundredths, 2);
  const closes = bars.map((b) => b.close);
  const last = closes.at(-1);

  const movingAverages = technicalPeriods.map((period) => {
    const s = sma(closes, period);
    const e = ema(closes, period);
    return {
      period,
      sma: s === null ? null : price(s),
      smaPosition: s === null || last === undefined ? null : positionOf(last, s),
      ema: e === null ? null : price(e),
      emaPosition: e === null || last === undefined ? null : positionOf(last, e),
    };
  });
  const maSignals = movingAverages.flatMap((m) =>
    [m.smaPosition, m.emaPosition].map((p) => (p === null ? null : movingAverageSignal(p))),
  );

  const r = rsi(closes, RSI_PERIOD);
  const rReading = r === null ? null : rsiReading(r);
  const m = macd(closes, MACD_FAST, MACD_SLOW, MACD_SIGNAL);
  const mSignal = m === null ? null : macdSignal(m);
  const st = stochastic(bars, STOCHASTIC_K, STOCHASTIC_D);
  const stReading = st === null ? null : stochasticReading(st.k);
  const oscillatorSignals: (Signal | null)[] = [
    rReading === null ? null : readingSignal(rReading),
    mSignal,
    stReading === null ? null : readingSignal(stReading),
  ];

  // Pivots are for today's session: from the newest bar of an earlier day, whether or not today's bar has begun.
  const previous = bars.findLast((b) => istDay(b.time) < today);
  const levels = previous && pivots(previous);
  const overall = countSignals([...maSignals, ...oscillatorSignals]);

  return {
    sym: symbolObjectOf(instrument),
    displaySym: instrument.displaySym,
    asOf: bars.length > 0 ? isoDate(istDay(bars.at(-1)!.time)) : null,
    bars: bars.length,
    ltp: last === undefined ? null : price(last),
    movingAverages,
    oscillators: {
      rsi: {
        period: RSI_PERIOD,
        value: r === null ? null : percent(r),
        reading: rReading,
        signal: oscillatorSignals[0]!,
      },
      macd: {
        fast: MACD_FAST,
        slow: MACD_SLOW,
        signalPeriod: MACD_SIGNAL,
        macd: m && price(m.macd),
        signalLine: m?.signal == null ? null : price(m.signal),
        histogram: m?.histogram == null ? null : price(m.histogram),
        signal: mSignal,
      },
      stochastic: {
        kPeriod: STOCHASTIC_K,
        dPeriod: STOCHASTIC_D,
        k: st && percent(st.k),
        d: st?.d == null ? null : percent(st.d),
        reading: stReading,
        signal: oscillatorSignals[2]!,
      },
    },
    pivots:
      previous && levels
        ? {
            date: isoDate(istDay(previous.time)),
            pivot: price(levels.pivot),
            r1: price(levels.r1),
            r2: price(levels.r2),
            r3: price(levels.r3),
            s1: price(levels.s1),
            s2: price(levels.s2),
            s3: price(levels.s3),
          }
        : null,
    summary: {
      movingAverages: countSignals(maSignals),
      oscillators: countSignals(oscillatorSignals),
      overall,
      verdict: verdictOf(overall),
    },
  };
}

/** /Market/Technicals: indicators over the same daily bars /Chart/PriceChart answers, up to now. */
export async function technicalsRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, technicals, async ({ sym }) => {
    const market = app.marketRuntime.market;
    const instrument = instrumentOfSymbol((id) => market.registry.byId(id), sym);
    if (!instrument) return reject('MKT001');
    const now = app.clock.now();
    const bars = market.candles(instrument.id, 'day', 0, now).slice(-MAX_CANDLES);
    return ok(technicalsOf(instrument, bars, istDay(now)));
  });
}
