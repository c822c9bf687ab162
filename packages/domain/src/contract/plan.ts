import { z } from 'zod';
import { defineCall } from '../api/define-call.ts';

/**
 * My Trading Plan calls (investing.md 3 "Trading plan", 7 "Trading plan"). Amounts are rupee strings with 2 decimals
 * (integer paise inside), dates dd-mm-yyyy (IST). Every call acts for the session's client.
 */

const amount = z.string().regex(/^\d+\.\d{2}$/, 'an amount with 2 decimals');
/** dd-mm-yyyy, or '' when the client has no plan of the type. */
const date = z.union([z.string().regex(/^\d{2}-\d{2}-\d{4}$/, 'a date as dd-mm-yyyy'), z.literal('')]);
const flag = z.enum(['Y', 'N']);

export const planDetailSchema = z.object({
  /** '' when the client has no plan of this type. */
  plan_id: z.string(),
  plan_amount: z.union([amount, z.literal('')]),
  plan_start_date: date,
  plan_end_date: date,
  plan_renew_date: date,
  auto_renewal_flag: z.union([flag, z.literal('')]),
  /** What happens next (renews, ends, changes on expiry), or that there is no plan. */
  message: z.string(),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

export const myTradingPlanSchema = z.object({
  plan_detail: z.object({ EQ_plan_detail: planDetailSchema, FO_plan_detail: planDetailSchema }),
  /** 'Y' when the client has an equity trading account, which a plan needs (chosen meaning: the spec names it only). */
  eacc_flag: flag,
});
export type MyTradingPlan = z.infer<typeof myTradingPlanSchema>;

export const masterPlanSchema = z.object({
  plan_id: z.string(),
  plan_amount: amount,
  popularity_flag: flag,
  /** Chosen addition: the margin funding limit the plan carries (investing.md 4, downgrade view). */
  margin_funding_limit: amount,
});
export type MasterPlan = z.infer<typeof masterPlanSchema>;

export const masterSubscriptionPlanSchema = z.object({
  EQ_plan_detail: z.array(masterPlanSchema),
  FO_plan_detail: z.array(masterPlanSchema),
  /** "18.00". */
  GST_percent: amount,
  intraday_exposure_factor_FO: z.string(),
  intraday_exposure_factor_EQ: z.string(),
});
export type MasterSubscriptionPlan = z.infer<typeof masterSubscriptionPlanSchema>;

export const subscriptionResultSchema = z.object({ message: z.string(), result: z.enum(['S', 'F']) });
export type SubscriptionResult = z.infer<typeof subscriptionResultSchema>;

export const myTradingPlan = defineCall({
  path: '/Business/MyTradingPlan',
  summary: "The client's equity and F&O plans: amounts, validity, next renewal and auto renewal",
  access: 'session',
  request: z.strictObject({}),
  response: myTradingPlanSchema,
});

export const masterSubscriptionPlan = defineCall({
  path: '/Business/MasterSubscriptionPlan',
  summary: 'The plans on offer per segment, with GST percent and intraday exposure factors',
  access: 'session',
  request: z.strictObject({}),
  response: masterSubscriptionPlanSchema,
});

export const subscriptionReq = defineCall({
  path: '/Business/SubscriptionReq',
  summary: "Subscribes, changes or leaves plans: planId^mode^autoRenewalFlag segments joined with '|'",
  access: 'session',
  request: z.strictObject({ planId: z.string().min(1).max(200) }),
  response: subscriptionResultSchema,
});

export const planCalls = [myTradingPlan, masterSubscriptionPlan, subscriptionReq] as const;
