import { isoDate, istDay, parseIsoDate } from '@kite/exchange';
import {
  dashDate,
  deriveAbilities,
  displayDate,
  EQUITY_INTRADAY_BP,
  FULL_VALUE_BP,
  formatAmount,
  formatScaled,
  GST_RATE,
  type MasterPlan,
  type MasterSubscriptionPlan,
  modeAllowed,
  type MyTradingPlan,
  ok,
  parseSubscriptionRequest,
  planCharge,
  type PlanChoice,
  type PlanDetail,
  planPeriod,
  type PlanSegment,
  planText,
  reject,
  type Result,
  type SubscriptionResult,
} from '@kite/domain';
import { type Db, inTransaction, type Queryable } from '../../db/pool.ts';
import { type Funds, lockFunds, postLedger } from '../../services/rms/funds.ts';
import { type RequestMeta, writeAudit } from '../account/audit.repo.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../account/client.repo.ts';
import * as repo from './plan.repo.ts';

const text = planText.answers;

/** GST on plan amounts in hundredths of a percent: the 18% the charges apply (GST_RATE is parts per 10^7). */
export const PLAN_GST_HUNDREDTHS = GST_RATE / 1_000;
/** Equity intraday leverage the RMS allows (a 20% margin is 5x); F&O is margined in full, 1x. */
const EQ_EXPOSURE_FACTOR = String(FULL_VALUE_BP / EQUITY_INTRADAY_BP);
const FO_EXPOSURE_FACTOR = '1';

export interface PlanDeps {
  db: Db;
  now: () => number;
}

export interface AuditContext {
  userId: string;
  meta: RequestMeta;
}

const rupees = (paise: number): string => formatScaled(paise, 2);
const dayOf = (iso: string): number => {
  const day = parseIsoDate(iso);
  if (day === null) throw new Error(`bad date ${iso}`);
  return day;
};

const NO_DETAIL = (message: string): PlanDetail => ({
  plan_id: '',
  plan_amount: '',
  plan_start_date: '',
  plan_end_date: '',
  plan_renew_date: '',
  auto_renewal_flag: '',
  message,
});

function detailOf(row: repo.ClientPlanRow | undefined, none: string): PlanDetail {
  if (!row) return NO_DETAIL(none);
  const renewDay = isoDate(dayOf(row.end_date) + 1);
  let message: string;
  if (row.opt_out_on_expiry) message = text.endsOn(displayDate(row.end_date));
  else if (!row.auto_renew) message = text.renewManually(displayDate(row.end_date));
  else if (row.next_plan_id && row.next_amount_paise !== null)
    message = text.changesOn(planText.planName(rupees(row.next_amount_paise)), displayDate(renewDay));
  else message = text.renewsOn(displayDate(renewDay));
  return {
    plan_id: row.plan_id,
    plan_amount: rupees(row.amount_paise),
    plan_start_date: dashDate(row.start_date),
    plan_end_date: dashDate(row.end_date),
    plan_renew_date: dashDate(renewDay),
    auto_renewal_flag: row.auto_renew ? 'Y' : 'N',
    message,
  };
}

function masterOf(plan: repo.PlanRow): MasterPlan {
  return {
    plan_id: plan.plan_id,
    plan_amount: rupees(plan.amount_paise),
    popularity_flag: plan.popular ? 'Y' : 'N',
    margin_funding_limit: rupees(plan.margin_funding_limit_paise),
  };
}

/** One planned change of a segment, worked out before anything is written. */
interface Step {
  segment: PlanSegment;
  plan: repo.PlanRow;
  choice: PlanChoice;
  current: repo.ClientPlanRow | undefined;
  action: repo.PlanAction | null;
  charge: { amount: number; gst: number; total: number };
}

const NO_CHARGE = { amount: 0, gst: 0, total: 0 };
const failed = (message: string): Result<SubscriptionResult> => ok({ result: 'F', message });

/**
 * What a segment's mode does to the client's current plan (investing.md 4): a message when the client's state
 * refuses it (result F), else the step. I subscribes or keeps the same amount, U upgrades at once paying the
 * difference, D and O take effect on expiry, OI ends the plan today.
 */
function planStep(
  segment: PlanSegment,
  plan: repo.PlanRow,
  choice: PlanChoice,
  current: repo.ClientPlanRow | undefined,
): Step | string {
  const step: Step = { segment, plan, choice, current, action: null, charge: NO_CHARGE };
  if (choice.mode === 'I') {
    if (!current) return { ...step, action: 'SUBSCRIBE', charge: planCharge(plan.amount_paise, PLAN_GST_HUNDREDTHS) };
    if (current.amount_paise !== plan.amount_paise) return text.notSameAmount;
    const unchanged =
      current.plan_id === plan.plan_id &&
      current.auto_renew === choice.autoRenew &&
      !current.opt_out_on_expiry &&
      current.next_plan_id === null;
    return unchanged ? step : { ...step, action: 'CHANGE' };
  }
  if (!current) return text.noCurrentPlan;
  switch (choice.mode) {
    case 'U':
      if (plan.amount_paise <= current.amount_paise) return text.notHigher;
      return {
        ...step,
        action: 'UPGRADE',
        charge: planCharge(plan.amount_paise - current.amount_paise, PLAN_GST_HUNDREDTHS),
      };
    case 'D':
      if (plan.amount_paise >= current.amount_paise) return text.notLower;
      return { ...step, action: 'DOWNGRADE_ON_EXPIRY' };
    case 'O':
    case 'OI':
      if (plan.plan_id !== current.plan_id) return text.notCurrentPlan;
      return { ...step, action: choice.mode === 'O' ? 'OPT_OUT_ON_EXPIRY' : 'OPT_OUT_NOW' };
    default:
      return assertNever(choice.mode);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown plan mode: ${String(value)}`);
}

async function applyStep(tx: Queryable, clientId: number, step: Step, today: string): Promise<void> {
  const { segment, plan, choice, action, charge, current } = step;
  if (action === null) return;
  const history: repo.PlanHistoryEntry = {
    segment,
    planId: plan.plan_id,
    action,
    amount: charge.amount,
    gst: charge.gst,
    autoRenew: choice.autoRenew,
    start: current?.start_date ?? null,
    end: current?.end_date ?? null,
  };
  switch (action) {
    case 'SUBSCRIBE': {
      const period = planPeriod(dayOf(today));
      const start = isoDate(period.start);
      const end = isoDate(period.end);
      await repo.putClientPlan(tx, clientId, {
        segment,
        planId: plan.plan_id,
        start,
        end,
        autoRenew: choice.autoRenew,
      });
      Object.assign(history, { start, end });
      break;
    }
    case 'CHANGE':
    case 'UPGRADE':
      await repo.changeClientPlan(tx, clientId, segment, {
        planId: plan.plan_id,
        autoRenew: choice.autoRenew,
        nextPlanId: null,
        optOutOnExpiry: false,
      });
      break;
    case 'DOWNGRADE_ON_EXPIRY':
      await repo.changeClientPlan(tx, clientId, segment, {
        autoRenew: choice.autoRenew,
        nextPlanId: plan.plan_id,
        optOutOnExpiry: false,
      });
      break;
    case 'OPT_OUT_ON_EXPIRY':
      await repo.changeClientPlan(tx, clientId, segment, { autoRenew: false, nextPlanId: null, optOutOnExpiry: true });
      break;
    case 'OPT_OUT_NOW':
      await repo.endClientPlan(tx, clientId, segment);
      break;
    case 'RENEW':
    case 'LAPSE':
      throw new Error(`${action} is not a client's request`);
    default:
      return assertNever(action);
  }
  await repo.writeHistory(tx, clientId, history);
  if (charge.total > 0) {
    await postLedger(tx, clientId, -charge.total, text.ledgerNarration(planText.planName(rupees(plan.amount_paise))), {
      type: 'PLAN',
      id: `${segment}/${plan.plan_id}/${today}`,
    });
  }
}

/**
 * Renews or ends the client's plans whose end date has passed (the caller holds the client's funds lock): a plan
 * with auto renewal, not opted out, renews from today for a calendar month (to its downgrade plan when one was
 * chosen) if the cash available covers it with GST; otherwise it lapses and the client is back on the standard
 * brokerage.
 */
export async function renewClientPlans(tx: Queryable, clientId: number, today: string, funds: Funds): Promise<number> {
  const due = await repo.duePlans(tx, today, clientId);
  if (due.length === 0) return 0;
  const plans = new Map((await repo.listPlans(tx)).map((p) => [p.plan_id, p]));
  // A fee is money leaving the ledger: cash pays it, never collateral.
  let available = funds.cash;
  for (const row of due) {
    const plan = plans.get(row.next_plan_id ?? row.plan_id);
    const charge = plan ? planCharge(plan.amount_paise, PLAN_GST_HUNDREDTHS) : null;
    if (!plan || !charge || !row.auto_renew || row.opt_out_on_expiry || charge.total > available) {
      await repo.endClientPlan(tx, clientId, row.segment);
      await repo.writeHistory(tx, clientId, {
        segment: row.segment,
        planId: row.plan_id,
        action: 'LAPSE',
        start: row.start_date,
        end: row.end_date,
        autoRenew: row.auto_renew,
      });
      continue;
    }
    const period = planPeriod(dayOf(today));
    const start = isoDate(period.start);
    const end = isoDate(period.end);
    await repo.putClientPlan(tx, clientId, { segment: row.segment, planId: plan.plan_id, start, end, autoRenew: true });
    await repo.writeHistory(tx, clientId, {
      segment: row.segment,
      planId: plan.plan_id,
      action: 'RENEW',
      amount: charge.amount,
      gst: charge.gst,
      start,
      end,
      autoRenew: true,
    });
    await postLedger(tx, clientId, -charge.total, text.renewalNarration(planText.planName(rupees(plan.amount_paise))), {
      type: 'PLAN',
      id: `${row.segment}/${plan.plan_id}/${start}`,
    });
    available -= charge.total;
  }
  return due.length;
}

/** Renews or ends every client's plans due on `today`, one client (and funds lock) at a time. */
export async function renewDuePlans(db: Db, today: string): Promise<number> {
  const due = await repo.duePlans(db, today, null);
  let done = 0;
  for (const clientId of new Set(due.map((d) => d.client_id))) {
    done += await inTransaction(db, async (tx) => renewClientPlans(tx, clientId, today, await lockFunds(tx, clientId)));
  }
  return done;
}

export function planService(deps: PlanDeps) {
  const today = () => isoDate(istDay(deps.now()));

  async function abilitiesOf(clientId: number) {
    const client = await findClientById(deps.db, clientId);
    if (!client) return null;
    return deriveAbilities(accountDetailsOf(client), extraFlagsOf(client));
  }

  /** Brings the client's plans up to the IST day before they are read or changed. */
  async function renewDue(clientId: number): Promise<void> {
    if ((await repo.duePlans(deps.db, today(), clientId)).length === 0) return;
    await inTransaction(deps.db, async (tx) => renewClientPlans(tx, clientId, today(), await lockFunds(tx, clientId)));
  }

  return {
    /** /Business/MyTradingPlan. */
    async myTradingPlan(clientId: number): Promise<Result<MyTradingPlan>> {
      const abilities = await abilitiesOf(clientId);
      if (!abilities?.tradingPlan) return reject('PLN002');
      await renewDue(clientId);
      const rows = await repo.clientPlans(deps.db, clientId);
      const of = (segment: PlanSegment) => rows.find((r) => r.segment === segment);
      return ok({
        plan_detail: {
          EQ_plan_detail: detailOf(of('EQ'), text.noEquityPlanDetail),
          FO_plan_detail: detailOf(of('FO'), text.noFnoPlanDetail),
        },
        eacc_flag: abilities.equity ? 'Y' : 'N',
      });
    },

    /** /Business/MasterSubscriptionPlan. */
    async masterPlans(clientId: number): Promise<Result<MasterSubscriptionPlan>> {
      const abilities = await abilitiesOf(clientId);
      if (!abilities?.tradingPlan) return reject('PLN002');
      const plans = await repo.listPlans(deps.db);
      return ok({
        EQ_plan_detail: plans.filter((p) => p.segment === 'EQ').map(masterOf),
        FO_plan_detail: plans.filter((p) => p.segment === 'FO').map(masterOf),
        GST_percent: formatScaled(PLAN_GST_HUNDREDTHS, 2),
        intraday_exposure_factor_FO: FO_EXPOSURE_FACTOR,
        intraday_exposure_factor_EQ: EQ_EXPOSURE_FACTOR,
      });
    },

    /**
     * /Business/SubscriptionReq: every segment is checked against the client's plans and funds under the client's
     * funds lock, then all are applied in the one transaction, or none (result F) with the reason.
     */
    async subscribe(clientId: number, planIdText: string, audit: AuditContext): Promise<Result<SubscriptionResult>> {
      const abilities = await abilitiesOf(clientId);
      if (!abilities?.tradingPlan) return reject('PLN002');
      const choices = parseSubscriptionRequest(planIdText);
      if (!choices) return reject('PLN001');
      const plans = new Map((await repo.listPlans(deps.db)).map((p) => [p.plan_id, p]));
      const wanted: { segment: PlanSegment; plan: repo.PlanRow; choice: PlanChoice }[] = [];
      for (const choice of choices) {
        const plan = plans.get(choice.planId);
        if (!plan || !modeAllowed(plan.segment, choice.mode) || wanted.some((w) => w.segment === plan.segment))
          return reject('PLN001');
        wanted.push({ segment: plan.segment, plan, choice });
      }
      const day = today();
      return inTransaction(deps.db, async (tx) => {
        const funds = await lockFunds(tx, clientId);
        await renewClientPlans(tx, clientId, day, funds);
        const current = await repo.clientPlans(tx, clientId);
        const steps: Step[] = [];
        for (const { segment, plan, choice } of wanted) {
          if (segment === 'EQ' && !abilities.equity) return failed(text.noEquityAccount);
          if (segment === 'FO' && !abilities.fno && choice.mode === 'I') return failed(text.noFnoPermission);
          const step = planStep(
            segment,
            plan,
            choice,
            current.find((c) => c.segment === segment),
          );
          if (typeof step === 'string') return failed(step);
          steps.push(step);
        }
        const total = steps.reduce((sum, s) => sum + s.charge.total, 0);
        // Renewals just taken come off the funds read under the lock.
        const available = (await lockFunds(tx, clientId)).cash;
        if (total > available)
          return failed(text.insufficientFunds(formatAmount(total), formatAmount(Math.max(available, 0))));
        if (steps.every((s) => s.action === null)) return ok({ result: 'S', message: text.noChange });
        for (const step of steps) await applyStep(tx, clientId, step, day);
        await writeAudit(tx, {
          clientId,
          userId: audit.userId,
          event: 'trading_plan_changed',
          detail: { request: planIdText, charged: rupees(total) },
          meta: audit.meta,
        });
        return ok({ result: 'S', message: text.subscribed });
      });
    },

    renewDue,
  };
}
