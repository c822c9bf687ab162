import { PAYIN_TIMEOUT_MS, PAYOUT_RUN_IST_MINUTE } from '@kite/domain';
import { DAY_MS, IST_OFFSET_MS, istDay, MINUTE_MS, type TradingCalendar } from '@kite/exchange';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from '../../adapters/payment-gateway/payment-gateway.ts';
import type { FundsService } from './funds.service.ts';

const TICK_MS = 60_000;
/** A pay-in pending this long is asked of the provider: its notification normally comes within seconds. */
const RECONCILE_AFTER_MS = 60_000;

/** The instant of the pay-out run of IST day `day`. */
export function payOutRunAt(day: number): number {
  return day * DAY_MS - IST_OFFSET_MS + PAYOUT_RUN_IST_MINUTE * MINUTE_MS;
}

/** The latest pay-out run due at `now`: today's once its time has passed on a trading day, else the trading day's before. */
export function lastPayOutRunDue(now: number, calendar: TradingCalendar): number {
  const today = istDay(now);
  const day = calendar.isTradingDay(today) && now >= payOutRunAt(today) ? today : calendar.previous(today);
  return payOutRunAt(day);
}

/**
 * What the funds desk does by the clock: each trading day's pay-out run (the pay-outs requested before its cut-off),
 * failing the pay-ins whose payment page was abandoned, and asking the provider about pay-ins whose notification
 * has not come. A run missed while the server was down is made at the
 * first tick after start; pay-outs requested after it wait for the next.
 */
export class FundsSchedule {
  private paidUpTo = 0;

  constructor(
    private readonly funds: Pick<FundsService, 'runPayOuts' | 'reconcilePayIns'>,
    private readonly gateway: PaymentGateway,
    private readonly calendar: () => TradingCalendar,
  ) {}

  async tick(now: number): Promise<{ expiredPayIns: number; reconciledPayIns: number; paidOut: number }> {
    const expiredPayIns = await this.gateway.expireAbandoned(new Date(now - PAYIN_TIMEOUT_MS));
    const reconciledPayIns = await this.funds.reconcilePayIns(new Date(now - RECONCILE_AFTER_MS));
    const due = lastPayOutRunDue(now, this.calendar());
    let paidOut = 0;
    if (due > this.paidUpTo) {
      paidOut = await this.funds.runPayOuts(new Date(due));
      this.paidUpTo = due;
    }
    return { expiredPayIns, reconciledPayIns, paidOut };
  }
}

/** Ticks the schedule every minute while the server runs. */
export function startFundsSchedule(app: FastifyInstance, schedule: FundsSchedule): void {
  const timer = setInterval(() => {
    schedule.tick(app.clock.now()).catch((error: unknown) => app.log.error({ err: error }, 'funds schedule'));
  }, TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
