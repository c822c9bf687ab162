import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Oms } from './oms.ts';
import { startIntradaySquareOff } from './end-of-day.ts';
import { startEndOfDaySchedule } from './end-of-day-schedule.ts';
import { settleMissedExpiries } from './expiry-settlement.ts';
import { startKeyRetention } from './key-retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order management system (services/oms): placing, modifying, cancelling and execution reports. */
    oms: Oms;
  }
}

/**
 * Decorates app.oms. At start the open orders of an earlier process go back to the (in-memory, empty) exchange and
 * those it never confirmed are rejected (restore.ts), then positions in contracts that expired on an earlier day
 * without their end of day are settled (expiry-settlement.ts `settleMissedExpiries`). With the market simulated on a
 * timer, bracket stops trail every step and, under MARKET_HOURS=real, intraday positions are squared off SQR_OFF_TIME_LIMIT minutes
 * before their exchange's close and the end of day runs after the day's last close (end-of-day-schedule.ts). Idempotency-Keys older than a day are forgotten (key-retention.ts).
 */
export const omsPlugin = fp(async (app: FastifyInstance) => {
  const oms = new Oms({
    db: app.db,
    runtime: app.marketRuntime,
    clock: app.clock,
    push: (clientId, item) => app.stream.pushToClient(clientId, item),
    log: app.log,
  });
  app.decorate('oms', oms);
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    const report = await oms.restore();
    app.log.info(report, 'open orders restored');
    // A failure leaves the positions for the next end of day's settlement rather than keeping the server down.
    await settleMissedExpiries(app, oms).then(
      (missed) => {
        if (missed.length > 0) app.log.info({ settled: missed.length }, 'expiries of missed end of day runs settled');
      },
      (error: unknown) => app.log.error({ err: error }, 'expiries of missed end of day runs not settled'),
    );
    timers.push(startKeyRetention(app));
    if (app.config.market.simulate) {
      const trail = setInterval(
        () => {
          oms.trailStops().catch((error: unknown) => app.log.error({ err: error }, 'trailing stop'));
        },
        Math.max(app.config.market.tickMs, 250),
      );
      trail.unref();
      timers.push(trail);
      if (app.config.marketHours === 'real')
        timers.push(startIntradaySquareOff(app, oms), startEndOfDaySchedule(app, oms));
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await oms.close();
  });
});
