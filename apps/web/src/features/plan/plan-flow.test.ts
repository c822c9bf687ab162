import type { MasterSubscriptionPlan, PlanDetail } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { initialSelection, planChange, stepAfterChooser, stepAfterReview, unsubscribeRequest } from './plan-flow.ts';

const master: MasterSubscriptionPlan = {
  EQ_plan_detail: [
    { plan_id: 'EQ500', plan_amount: '500.00', popularity_flag: 'Y', margin_funding_limit: '500000.00' },
    { plan_id: 'EQ999', plan_amount: '999.00', popularity_flag: 'N', margin_funding_limit: '2500000.00' },
  ],
  FO_plan_detail: [{ plan_id: 'FO250', plan_amount: '250.00', popularity_flag: 'Y', margin_funding_limit: '0.00' }],
  GST_percent: '18.00',
  intraday_exposure_factor_FO: '1',
  intraday_exposure_factor_EQ: '5',
};
const held = (plan_id: string, plan_amount: string, auto: 'Y' | 'N' = 'Y'): PlanDetail => ({
  plan_id,
  plan_amount,
  plan_start_date: '27-11-2026',
  plan_end_date: '26-12-2026',
  plan_renew_date: '27-12-2026',
  auto_renewal_flag: auto,
  message: '',
});

describe('plan flow', () => {
  it('preselects popular plans only where the client has none of the type', () => {
    expect(initialSelection(master, { equity: null, fno: null })).toEqual({
      equity: 'EQ500',
      fno: 'FO250',
      autoRenew: true,
    });
    expect(initialSelection(master, { equity: held('EQ999', '999.00'), fno: null }).equity).toBe('EQ999');
  });

  it('subscribing both plans charges both with GST and goes straight to the review', () => {
    const change = planChange({ equity: 'EQ500', fno: 'FO250', autoRenew: true }, { equity: null, fno: null }, master);
    expect(change.request).toBe('EQ500^I^Y|FO250^I^Y');
    expect([change.amount, change.gst, change.total]).toEqual([75_000, 13_500, 88_500]);
    expect(stepAfterChooser(change)).toBe(3);
  });

  it('a changed auto-renew flag on the same plan is a modification, charged nothing', () => {
    const change = planChange(
      { equity: 'EQ500', fno: null, autoRenew: false },
      { equity: held('EQ500', '500.00'), fno: null },
      master,
    );
    expect([change.equityChange, change.request, change.total]).toEqual(['modify', 'EQ500^I^N', 0]);
    expect(stepAfterReview(false)).toBe(5);
  });

  it('upgrade and downgrade route through their own views; the F&O opt-out follows them', () => {
    const current = { equity: held('EQ500', '500.00'), fno: held('FO250', '250.00') };
    const up = planChange({ equity: 'EQ999', fno: null, autoRenew: true }, current, master);
    expect([up.request, stepAfterChooser(up), up.total]).toEqual(['EQ999^U^Y|FO250^O^N', 10, 58_882]);
    const down = planChange(
      { equity: 'EQ500', fno: 'FO250', autoRenew: true },
      { ...current, equity: held('EQ999', '999.00') },
      master,
    );
    expect([down.request, stepAfterChooser(down)]).toEqual(['EQ500^D^Y|FO250^I^Y', 8]);
  });

  it('unchecking the equity plan sends O for the current one; unsubscribe now sends OI', () => {
    const change = planChange(
      { equity: null, fno: null, autoRenew: true },
      { equity: held('EQ500', '500.00'), fno: null },
      master,
    );
    expect([change.request, change.equityChange]).toEqual(['EQ500^O^N', 'unsubscribe']);
    expect(unsubscribeRequest(held('EQ999', '999.00'), true)).toBe('EQ999^OI^N');
  });
});
