import { fileURLToPath } from 'node:url';
// The simulated market as the server runs it: many watched instruments, each stepped by the exchange (market maker,
// noise trader) and published as level 1 + depth into the bus; the indices tick every step. Measures what one tick
// costs end to end (simulation + conversion + publish), i.e. how many ticks a second one core could feed the gateway.
import { VirtualClock, daysFromCivil, istInstant } from '@kite/exchange';
import { MarketRuntime, tickSlicesFor } from '../../apps/server/src/services/market-runtime/market-runtime.ts';
import { InProcessMarketDataBus } from '../../apps/server/src/stream/market-data-bus.ts';

export function benchMarketRuntime(watched = 600, steps = 40, tickIntervalMs = 250): Record<string, unknown> {
  const bus = new InProcessMarketDataBus();
  const clock = new VirtualClock(istInstant(daysFromCivil(2026, 11, 20), 10, 0));
  const runtime = new MarketRuntime({ bus, clock, seed: 1, mode: 'always', tickIntervalMs, autoAdvance: false });
  const registry = runtime.market.registry;
  // Equities first, then futures and near options: what watchlists hold.
  const chosen = [
    ...registry.all().filter((i) => i.assetClass === 'EQUITY'),
    ...registry.all().filter((i) => i.assetClass === 'FUTURE'),
    ...registry.all().filter((i) => i.assetClass === 'OPTION'),
  ].slice(0, watched);
  let delivered = 0;
  for (const instrument of chosen) {
    const ref = runtime.refOf(instrument);
    bus.subscribe('level1', `${ref.excSeg}|${ref.xSym}`, () => delivered++);
    bus.subscribe('level2', `${ref.excSeg}|${ref.xSym}`, () => delivered++);
  }
  // Warm-up: history for the 52-week range is generated on each instrument's first tick.
  for (let i = 0; i < 4; i++) {
    clock.advance(tickIntervalMs);
    runtime.advance();
  }
  delivered = 0;
  // As the server's timer does: one slice of the step per call.
  const slices = tickSlicesFor(tickIntervalMs);
  const started = process.hrtime.bigint();
  for (let i = 0; i < steps * slices; i++) {
    clock.advance(tickIntervalMs / slices);
    runtime.advance();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const ticks = delivered / 2; // one level 1 + one depth per watched instrument per step
  runtime.stop();
  return {
    bench: 'market-runtime',
    watched: chosen.length,
    steps,
    ticksPerSecondOneCore: Math.round(ticks / seconds),
    microsPerTick: Number(((seconds * 1e6) / ticks).toFixed(1)),
    msPerStep: Number(((seconds * 1000) / steps).toFixed(1)),
    // At tickIntervalMs the server publishes watched x (1000 / tickIntervalMs) ticks a second for this share of a core.
    coreShareAtRealTime: Number(((seconds * 1000) / steps / tickIntervalMs).toFixed(2)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of [benchMarketRuntime()]) console.log(JSON.stringify(line));
}
