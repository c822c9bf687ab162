import {
  equityChangeMode,
  formatSubscriptionRequest,
  parseRupees,
  parseScaled,
  planCharge,
  type MasterPlan,
  type MasterSubscriptionPlan,
  type MyTradingPlan,
  type PlanChoice,
  type PlanDetail,
  type PlanMode,
  type SegmentChange,
} from '@kite/domain';

/**
 * The steps of My Trading Plan (investing.md 2 "My Trading Plan", 4 "Trading plan flow"), by the spec's flags:
 * 0 current plan, 2 chooser, 3 'Total Charges' review, 4 opting out, 5 manual-renewal warning, 6 and 7 results,
 * 8 downgrade review, 11 F&O opt-out review; 10 is the upgrade view (the spec names it without a flag).
 */
export type PlanStep = 0 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 10 | 11;

/** What the chooser holds: the ticked plan of each segment (null: none) and the auto-renew choice. */
export interface PlanSelection {
  equity: string | null;
  fno: string | null;
  autoRenew: boolean;
}

export interface CurrentPlans {
  equity: PlanDetail | null;
  fno: PlanDetail | null;
}

export function currentPlansOf(data: MyTradingPlan): CurrentPlans {
  const { EQ_plan_detail: eq, FO_plan_detail: fo } = data.plan_detail;
  return { equity: eq.plan_id ? eq : null, fno: fo.plan_id ? fo : null };
}

/**
 * The chooser's first selection: the client's own plan of a type, else the plan flagged popular (investing.md 4);
 * auto renewal on.
 */
export function initialSelection(master: MasterSubscriptionPlan, current: CurrentPlans): PlanSelection {
  const pick = (plans: MasterPlan[], own: PlanDetail | null) =>
    own ? own.plan_id : (plans.find((p) => p.popularity_flag === 'Y')?.plan_id ?? null);
  return {
    equity: pick(master.EQ_plan_detail, current.equity),
    fno: pick(master.FO_plan_detail, current.fno),
    autoRenew: true,
  };
}

const paiseOf = (rupees: string): number => parseRupees(rupees) ?? 0;
const refOf = (planId: string, amount: string) => ({ planId, amount: paiseOf(amount) });

/** A chooser selection against the current plans: the modes sent, the review's lines and the next step. */
export interface PlanChange {
  equityMode: PlanMode | null;
  fnoMode: PlanMode | null;
  equityChange: SegmentChange;
  fnoChange: SegmentChange;
  /** The SubscriptionReq planId; '' when there is nothing to send. */
  request: string;
  /** What is charged now, per plan (subscribe: the amount; upgrade: the difference). */
  lines: { planId: string; amount: number }[];
  amount: number;
  gst: number;
  total: number;
}

function segmentChange(mode: PlanMode | null, current: PlanDetail | null, chosen: string | null, autoRenew: boolean) {
  if (mode === null) return 'none';
  if (mode === 'O' || mode === 'OI') return 'unsubscribe';
  if (!current) return 'subscribe';
  if (mode === 'I' && current.plan_id === chosen && (current.auto_renewal_flag === 'Y') === autoRenew) return 'none';
  return 'modify';
}

export function planChange(
  selection: PlanSelection,
  current: CurrentPlans,
  master: MasterSubscriptionPlan,
): PlanChange {
  const find = (plans: MasterPlan[], id: string | null) => plans.find((p) => p.plan_id === id) ?? null;
  const chosenEq = find(master.EQ_plan_detail, selection.equity);
  const chosenFo = find(master.FO_plan_detail, selection.fno);
  const equityMode = equityChangeMode(
    current.equity ? refOf(current.equity.plan_id, current.equity.plan_amount) : null,
    chosenEq ? refOf(chosenEq.plan_id, chosenEq.plan_amount) : null,
  );
  // F&O plans are only subscribed (I) or left (O) (investing.md 4).
  const fnoMode: PlanMode | null = chosenFo ? 'I' : current.fno ? 'O' : null;

  const choices: PlanChoice[] = [];
  const lines: { planId: string; amount: number }[] = [];
  if (equityMode) {
    const planId = equityMode === 'O' ? current.equity!.plan_id : chosenEq!.plan_id;
    choices.push({ planId, mode: equityMode, autoRenew: equityMode === 'O' ? false : selection.autoRenew });
    if (chosenEq && !current.equity) lines.push({ planId, amount: paiseOf(chosenEq.plan_amount) });
    if (chosenEq && current.equity && equityMode === 'U')
      lines.push({ planId, amount: paiseOf(chosenEq.plan_amount) - paiseOf(current.equity.plan_amount) });
  }
  if (fnoMode) {
    const planId = fnoMode === 'O' ? current.fno!.plan_id : chosenFo!.plan_id;
    choices.push({ planId, mode: fnoMode, autoRenew: fnoMode === 'O' ? false : selection.autoRenew });
    if (chosenFo && !current.fno) lines.push({ planId, amount: paiseOf(chosenFo.plan_amount) });
  }
  const gstHundredths = parseScaled(master.GST_percent, 2) ?? 0;
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  const charge = planCharge(amount, gstHundredths);
  const equityChange = segmentChange(equityMode, current.equity, selection.equity, selection.autoRenew);
  const fnoChange = segmentChange(fnoMode, current.fno, selection.fno, selection.autoRenew);
  return {
    equityMode,
    fnoMode,
    equityChange,
    fnoChange,
    request: formatSubscriptionRequest(choices),
    lines,
    amount,
    gst: charge.gst,
    total: charge.total,
  };
}

/** Where the chooser's Confirm leads (investing.md 4): upgrade view, downgrade review, F&O opt-out, then the review. */
export function stepAfterChooser(change: PlanChange): PlanStep {
  if (change.equityMode === 'U') return 10;
  if (change.equityMode === 'D') return 8;
  return stepAfterEquityReview(change);
}

/** After the upgrade view or the downgrade review: the F&O opt-out review when the F&O plan is left, else charges. */
export function stepAfterEquityReview(change: PlanChange): PlanStep {
  return change.fnoMode === 'O' ? 11 : 3;
}

/** 'Review & confirm': with auto renewal on the request is sent (6); off, the manual-renewal warning first (5). */
export function stepAfterReview(autoRenew: boolean): 5 | 6 {
  return autoRenew ? 6 : 5;
}

/** The unsubscribe step's request: the current equity plan, now (OI) or on expiry (O), without renewal. */
export function unsubscribeRequest(current: PlanDetail, now: boolean): string {
  return formatSubscriptionRequest([{ planId: current.plan_id, mode: now ? 'OI' : 'O', autoRenew: false }]);
}
