import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswers, loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { requestCollateralConsent } from './collateral-consent.tsx';
import { startMtfActivation } from './mtf-dialogs.tsx';
import { openExternalLink } from './redirect-warning.tsx';

describe('shared dialogs (platform.md 2.8, 4.5, 8)', () => {
  beforeEach(() => {
    render(<DialogHost />);
  });
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
  });

  it('MTF activation refuses YES until the terms are accepted and calls nothing', async () => {
    const user = userEvent.setup();
    const api = apiAnswers({ '/Account/MTFActivation': { data: { activatedMTF: true }, infoMsg: 'MTF activated' } });
    vi.stubGlobal('fetch', api.fetchMock);
    void startMtfActivation();
    await user.click(await screen.findByRole('button', { name: 'YES' }));
    expect(screen.getByRole('alert').textContent).toBe('*You must accept terms and conditions for activation request');
    expect(api.calls).toEqual([]);
    expect(screen.getByText(/25% initial margin/)).toBeTruthy();
  });

  it('MTF activation success shows THANK YOU!', async () => {
    const user = userEvent.setup();
    const api = apiAnswers({ '/Account/MTFActivation': { data: { activatedMTF: true }, infoMsg: 'MTF activated for your account.' } });
    vi.stubGlobal('fetch', api.fetchMock);
    const outcome = startMtfActivation();
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'YES' }));
    await expect(outcome).resolves.toBe('activated');
    const result = await screen.findByRole('alertdialog', { name: 'MTF ACTIVATION' });
    expect(result.textContent).toContain('THANK YOU!');
    expect(result.textContent).toContain('MTF activated for your account.');
    expect(api.calls).toEqual(['/Account/MTFActivation']);
  });

  it('MTF activation in progress (EGN012) leaves out the THANK YOU! heading', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', apiAnswers({ '/Account/MTFActivation': { infoID: 'EGN012', infoMsg: 'Your request is in progress.', data: { activatedMTF: false } } }).fetchMock);
    const outcome = startMtfActivation();
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'YES' }));
    await expect(outcome).resolves.toBe('inProgress');
    const result = await screen.findByRole('alertdialog', { name: 'MTF ACTIVATION' });
    expect(result.textContent).toContain('Your request is in progress.');
    expect(result.textContent).not.toContain('THANK YOU!');
  });

  it('MTF activation success turns margin trading on in the login state; in progress leaves it off', async () => {
    const user = userEvent.setup();
    sessionStore.signIn(loginFixture({ equity_flag: 'Y' }));
    try {
      vi.stubGlobal('fetch', apiAnswers({ '/Account/MTFActivation': { infoID: 'EGN012', infoMsg: 'In progress.', data: { activatedMTF: false } } }).fetchMock);
      let outcome = startMtfActivation();
      await user.click(await screen.findByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'YES' }));
      await expect(outcome).resolves.toBe('inProgress');
      expect([sessionStore.get()?.accountDetails.mta_nse_permission, sessionStore.get()?.accountDetails.mta_bse_permission]).toEqual(['N', 'N']);
      act(() => closeAllDialogs());

      vi.stubGlobal('fetch', apiAnswers({ '/Account/MTFActivation': { data: { activatedMTF: true }, infoMsg: 'Margin trading facility is activated.' } }).fetchMock);
      outcome = startMtfActivation();
      await user.click(await screen.findByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'YES' }));
      await expect(outcome).resolves.toBe('activated');
      const details = sessionStore.get()?.accountDetails;
      expect([details?.mta_nse_permission, details?.mta_bse_permission]).toEqual(['Y', 'Y']);
      expect(details?.equity_flag).toBe('Y');
    } finally {
      sessionStore.signOut();
    }
  });

  it('MTF activation errors show in a dialog titled MTF ACTIVATION', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', apiAnswers({ '/Account/MTFActivation': { infoID: 'EGN004', infoMsg: 'You are not permitted to do this.', data: null } }).fetchMock);
    const outcome = startMtfActivation();
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'YES' }));
    await expect(outcome).resolves.toBe('failed');
    const result = await screen.findByRole('alertdialog', { name: 'MTF ACTIVATION' });
    expect(result.textContent).toContain('You are not permitted to do this.');
  });

  it('collateral consent: success, server refusal and call failure each get the dialog of platform.md 8', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', apiAnswers({ '/Pledging/LimitAgainstHoldingReq': { data: { Success: true, Error_Mesg: '' } } }).fetchMock);
    let answer = requestCollateralConsent(true);
    const confirmation = await screen.findByRole('alertdialog', { name: 'Confirmation' });
    expect(confirmation.textContent).toContain('Thank you for sending the request. You will recieve a confirmation email soon.');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);

    vi.stubGlobal('fetch', apiAnswers({ '/Pledging/LimitAgainstHoldingReq': { data: { Success: false, Error_Mesg: 'Request already pending' } } }).fetchMock);
    answer = requestCollateralConsent(false);
    expect((await screen.findByRole('alertdialog', { name: 'Message' })).textContent).toContain('Request already pending');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(false);

    vi.stubGlobal('fetch', async () => new Response('down', { status: 503, statusText: 'Service Unavailable' }));
    answer = requestCollateralConsent(true);
    expect((await screen.findByRole('alertdialog', { name: 'Error' })).textContent).toContain('Service Unavailable');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(false);
  });

  it('an external link opens in a new tab only after the redirection warning is accepted', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    let going = openExternalLink('https://evoting.cdslindia.com/');
    await user.click(await screen.findByRole('button', { name: 'CANCEL' }));
    await expect(going).resolves.toBe(false);
    expect(open).not.toHaveBeenCalled();
    going = openExternalLink('https://evoting.cdslindia.com/');
    expect((await screen.findByRole('dialog', { name: 'Redirection Warning' })).textContent).toContain('external website');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    await expect(going).resolves.toBe(true);
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://evoting.cdslindia.com/', '_blank', 'noopener,noreferrer'));
  });
});
