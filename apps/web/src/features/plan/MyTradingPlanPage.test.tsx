import type { MasterSubscriptionPlan, MyTradingPlan, PlanDetail } from '@kite/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { local, storageKeys } from '../../lib/storage/storage.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { MyTradingPlanPage } from './MyTradingPlanPage.tsx';

const noPlan = (message: string): PlanDetail => ({
  plan_id: '',
  plan_amount: '',
  plan_start_date: '',
  plan_end_date: '',
  plan_renew_date: '',
  auto_renewal_flag: '',
  message,
});
const NO_EQ = noPlan('You have not subscribed to the equity plan.');
const NO_FO = noPlan('You have not subscribed to the F&O plan.');
const eqPlan = (planId: string, amount: string): PlanDetail => ({
  plan_id: planId,
  plan_amount: amount,
  plan_start_date: '27-11-2026',
  plan_end_date: '26-12-2026',
  plan_renew_date: '27-12-2026',
  auto_renewal_flag: 'Y',
  message: 'Your plan renews on 27/12/2026.',
});
const planOf = (eq: PlanDetail, fo: PlanDetail = NO_FO): MyTradingPlan => ({
  plan_detail: { EQ_plan_detail: eq, FO_plan_detail: fo },
  eacc_flag: 'Y',
});
const master: MasterSubscriptionPlan = {
  EQ_plan_detail: [
    { plan_id: 'EQ500', plan_amount: '500.00', popularity_flag: 'Y', margin_funding_limit: '500000.00' },
    { plan_id: 'EQ999', plan_amount: '999.00', popularity_flag: 'N', margin_funding_limit: '2500000.00' },
  ],
  FO_plan_detail: [{ plan_id: 'FO250', plan_amount: '250.00', popularity_flag: 'N', margin_funding_limit: '0.00' }],
  GST_percent: '18.00',
  intraday_exposure_factor_FO: '1',
  intraday_exposure_factor_EQ: '5',
};

type Handlers = Record<string, (data: Record<string, unknown>) => FakeAnswer>;
function renderPlan(plan: MyTradingPlan, extra: Handlers = {}, state?: unknown) {
  const server = fakeServer({
    '/Business/MyTradingPlan': () => ({ data: plan }),
    '/Business/MasterSubscriptionPlan': () => ({ data: master }),
    '/Business/SubscriptionReq': () => ({
      data: { result: 'S', message: 'Your subscription request has been processed successfully.' },
    }),
    ...extra,
  });
  const router = createMemoryRouter(
    [
      { path: '/home/mytradingplan', element: <MyTradingPlanPage /> },
      { path: '/home/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [{ pathname: '/home/mytradingplan', state }] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { server, router, sent: () => server.calls.filter((c) => c.path === '/Business/SubscriptionReq') };
}

const optIn = () => screen.getAllByRole('checkbox', { name: 'I want to Opt for subscription plan' });
const checkboxOf = (planId: string) => optIn().find((box) => box.dataset.plan === planId)!;
const button = (name: string | RegExp) => screen.getByRole('button', { name });

beforeEach(() =>
  sessionStore.signIn(loginFixture({ shubh_plan_permission: 'Y', equity_flag: 'Y', fno_permission: 'Y' })),
);
afterEach(() => {
  closeAllDialogs();
  sessionStore.signOut();
  vi.unstubAllGlobals();
});

describe('My Trading Plan (/home/mytradingplan)', () => {
  it('flag 0 without a plan says so and offers to subscribe; no unsubscribe button', async () => {
    renderPlan(planOf(NO_EQ));
    expect(screen.getByRole('status').textContent).toBe('Loading your plan…');
    expect(await screen.findByText('You have not subscribed to any plan.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'UNSUBSCRIBE' })).toBeNull();
    expect(button('SUBSCRIBE')).toBeDefined();
  });

  it('flag 2: the popular plan is preselected, Confirm waits for a checkbox toggle, with FAQ, terms and the auto-renew popup', async () => {
    const user = userEvent.setup();
    renderPlan(planOf(NO_EQ));
    await user.click(await screen.findByRole('button', { name: 'SUBSCRIBE' }));
    expect(await screen.findByRole('heading', { name: 'Rs 500 Best Value Subscription Plan' })).toBeDefined();
    expect(checkboxOf('EQ500')).toHaveProperty('checked', true);
    expect(checkboxOf('EQ999')).toHaveProperty('checked', false);
    expect(checkboxOf('FO250')).toHaveProperty('checked', false);
    expect(screen.getByText('Margin funding limit Rs 25,00,000.00')).toBeDefined();
    expect(button('Confirm')).toHaveProperty('disabled', true);
    // the auto-renew radio does not count as a plan toggle
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(button('Confirm')).toHaveProperty('disabled', true);
    await user.click(checkboxOf('FO250'));
    expect(button('Confirm')).toHaveProperty('disabled', false);

    expect(screen.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
      '/home/termsandcondition',
    );
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getByText('How long is a plan valid?')).toBeDefined();
    await user.click(button('About auto renewal'));
    const popup = await screen.findByRole('alertdialog');
    expect(popup.textContent).toContain('renews every 30 days');
  });

  it('subscribes: Total Charges with lakh-grouped amounts and GST, then CONFIRMATION; OK goes to the dashboard', async () => {
    const user = userEvent.setup();
    const { sent, router } = renderPlan(planOf(NO_EQ));
    await user.click(await screen.findByRole('button', { name: 'SUBSCRIBE' }));
    await screen.findByRole('heading', { name: 'Rs 500 Best Value Subscription Plan' });
    await user.click(checkboxOf('EQ999'));
    expect(checkboxOf('EQ500')).toHaveProperty('checked', false);
    await user.click(button('Confirm'));
    expect(screen.getByRole('heading', { name: 'Total Charges' })).toBeDefined();
    expect(screen.getByTestId('plan-summary').textContent).toBe('You have chosen to subscribe to the Equity plan.');
    expect(screen.getByText('GST (18.00%)')).toBeDefined();
    expect(screen.getByText('179.82')).toBeDefined();
    expect(screen.getByTestId('plan-total').textContent).toBe('1,178.82');
    await user.click(button('Review & confirm'));
    expect(await screen.findByRole('heading', { name: 'CONFIRMATION' })).toBeDefined();
    expect(screen.getByText('Your subscription request has been processed successfully.')).toBeDefined();
    expect(sent().map((c) => c.data)).toEqual([{ planId: 'EQ999^I^Y' }]);
    await user.click(button('OK'));
    expect(router.state.location.pathname).toBe('/home/dashboard');
  });

  it('with auto renewal off warns first (flag 5); a result F shows REQUEST FAILED! with the message', async () => {
    const user = userEvent.setup();
    const { sent } = renderPlan(planOf(NO_EQ), {
      '/Business/SubscriptionReq': () => ({
        data: { result: 'F', message: 'Insufficient funds: Rs 590.00 is needed.' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'SUBSCRIBE' }));
    await screen.findByRole('heading', { name: 'Rs 500 Best Value Subscription Plan' });
    await user.click(checkboxOf('EQ500'));
    await user.click(checkboxOf('EQ500'));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(button('Confirm'));
    await user.click(button('Review & confirm'));
    expect(screen.getByText(/Without auto renewal you must renew the plan manually/)).toBeDefined();
    expect(sent()).toHaveLength(0);
    await user.click(button('Confirm'));
    expect(await screen.findByRole('heading', { name: 'REQUEST FAILED!' })).toBeDefined();
    expect(screen.getByText('Insufficient funds: Rs 590.00 is needed.')).toBeDefined();
    expect(sent().map((c) => c.data)).toEqual([{ planId: 'EQ500^I^N' }]);
  });

  it('flag 0 with a plan shows its dates and brokerage; unsubscribe on expiry (flag 4) sends O and shows flag 7', async () => {
    const user = userEvent.setup();
    const { sent } = renderPlan(planOf(eqPlan('EQ999', '999.00')));
    const card = await screen.findByRole('region', { name: 'Equity plan' });
    expect(within(card).getByText('26/12/2026')).toBeDefined();
    expect(within(card).getByText('Rs 999.00 plan')).toBeDefined();
    const brokerage = screen.getByRole('region', { name: 'Brokerage under your plan' });
    expect(within(brokerage).getAllByText('Rs 0.01 per executed order')).toHaveLength(2);
    expect(within(brokerage).getByText('Rs 15.00 per executed order')).toBeDefined();
    await user.click(button('UNSUBSCRIBE'));
    expect(button('Unsubscribe Now')).toBeDefined();
    await user.click(button('Unsubscribe On Expiry'));
    expect(await screen.findByRole('heading', { name: 'CONFIRMATION' })).toBeDefined();
    expect(sent().map((c) => c.data)).toEqual([{ planId: 'EQ999^O^N' }]);
  });

  it('a lower plan goes through REVIEW & CONFIRM (flag 8) and Change On Expiry, charging nothing now', async () => {
    const user = userEvent.setup();
    const { sent } = renderPlan(planOf(eqPlan('EQ999', '999.00')));
    await user.click(await screen.findByRole('button', { name: 'CHANGE PLAN' }));
    await screen.findByRole('heading', { name: 'Rs 500 Best Value Subscription Plan' });
    expect(checkboxOf('EQ999')).toHaveProperty('checked', true);
    await user.click(checkboxOf('EQ500'));
    await user.click(button('Confirm'));
    expect(screen.getByRole('heading', { name: 'REVIEW & CONFIRM' })).toBeDefined();
    expect(screen.getByText('The lower margin funding limit applies only after the existing plan ends.')).toBeDefined();
    await user.click(button('Change On Expiry'));
    expect(screen.getByTestId('plan-summary').textContent).toBe('You have chosen to modify the Equity plan.');
    expect(screen.getByText('Nothing is charged now.')).toBeDefined();
    await user.click(button('Review & confirm'));
    await screen.findByRole('heading', { name: 'CONFIRMATION' });
    expect(sent().map((c) => c.data)).toEqual([{ planId: 'EQ500^D^Y' }]);
  });

  it('a higher plan goes through the upgrade view and charges the difference with GST', async () => {
    const user = userEvent.setup();
    const { sent } = renderPlan(planOf(eqPlan('EQ500', '500.00')));
    await user.click(await screen.findByRole('button', { name: 'CHANGE PLAN' }));
    await screen.findByRole('heading', { name: 'Rs 500 Best Value Subscription Plan' });
    await user.click(checkboxOf('EQ999'));
    await user.click(button('Confirm'));
    expect(screen.getByRole('heading', { name: 'Upgrade plan' })).toBeDefined();
    await user.click(button('Proceed'));
    expect(screen.getByTestId('plan-total').textContent).toBe('588.82');
    await user.click(button('Review & confirm'));
    await screen.findByRole('heading', { name: 'CONFIRMATION' });
    expect(sent().map((c) => c.data)).toEqual([{ planId: 'EQ999^U^Y' }]);
  });

  it('unchecking the F&O plan reviews the opt-out (flag 11) and sends O for it', async () => {
    const user = userEvent.setup();
    const fo = { ...eqPlan('FO250', '250.00') };
    const { sent } = renderPlan(planOf(eqPlan('EQ500', '500.00'), fo));
    await user.click(await screen.findByRole('button', { name: 'CHANGE PLAN' }));
    await screen.findByRole('heading', { name: 'Rs 500 Best Value Subscription Plan' });
    await user.click(checkboxOf('FO250'));
    await user.click(button('Confirm'));
    expect(screen.getByText('F&O charges become 15 rupees per executed order.')).toBeDefined();
    await user.click(button('Confirm'));
    expect(screen.getByTestId('plan-summary').textContent).toBe('You have chosen to unsubscribe from the F&O plan.');
    await user.click(button('Review & confirm'));
    await screen.findByRole('heading', { name: 'CONFIRMATION' });
    expect(sent().map((c) => c.data)).toEqual([{ planId: 'EQ500^I^Y|FO250^O^N' }]);
  });

  it('unchecking every plan with none held leaves nothing to send: no changes', async () => {
    const user = userEvent.setup();
    renderPlan(planOf(NO_EQ));
    await user.click(await screen.findByRole('button', { name: 'SUBSCRIBE' }));
    await screen.findByRole('heading', { name: 'Rs 500 Best Value Subscription Plan' });
    await user.click(checkboxOf('EQ500'));
    await user.click(button('Confirm'));
    expect(screen.getByTestId('plan-summary').textContent).toBe('You have made no changes in the plan');
    expect(button('Review & confirm')).toHaveProperty('disabled', true);
  });

  it('shows a call error in the error area and clears the data parameter', async () => {
    const user = userEvent.setup();
    local.set(storageKeys.dataParam, 'x=1');
    renderPlan(planOf(eqPlan('EQ500', '500.00')), {
      '/Business/SubscriptionReq': () => ({ infoID: 'PLN001', infoMsg: 'Invalid subscription request.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'UNSUBSCRIBE' }));
    await user.click(button('Unsubscribe Now'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid subscription request.'));
    expect(local.get(storageKeys.dataParam)).toBeNull();
  });

  it('shows a load failure with a retry', async () => {
    renderPlan(planOf(NO_EQ), {
      '/Business/MyTradingPlan': () => ({
        infoID: 'PLN002',
        infoMsg: 'Trading plans are not available on your account.',
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Trading plans are not available on your account.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeDefined();
  });

  it('opened by the SSO route (redirect hint MyTradingPlan) shows the client id on the title row', async () => {
    renderPlan(planOf(NO_EQ), {}, { redirect: 'MyTradingPlan' });
    expect((await screen.findByTestId('plan-client-id')).textContent).toBe('DEMO1');
  });
});
