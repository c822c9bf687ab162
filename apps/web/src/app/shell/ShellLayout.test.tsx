import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { riskDisclosure } from '@kite/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { callApi } from '../../lib/api/client.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { local, session, storageKeys } from '../../lib/storage/storage.ts';
import { shellChildren, ShellLayout } from './shell-routes.tsx';
import { apiAnswers, loginFixture } from './testing/login-fixture.ts';

const config = { data: { appVersion: '3.0.0', environment: 'test', encryption: false, sessionIdleMs: 60_000, sqrOffTimeLimit: 20, newPnlForAll: true, customerCare: { phones: [], email: 'x@y.z' }, ipoHelpHours: '' } };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <ShellLayout />, children: shellChildren },
      { path: '/base/login', element: <h1>Login screen</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    // The app provides react-query above the router (App.tsx); dashboard widgets load through it.
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return router;
}

describe('the signed-in shell guard (platform.md 2.3, 4.1)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    act(() => {
      closeAllDialogs();
      sessionStore.signOut();
    });
    vi.unstubAllGlobals();
  });

  it('sends a visitor who is not logged in to /base/login without calling the server', async () => {
    const api = apiAnswers({});
    vi.stubGlobal('fetch', api.fetchMock);
    const router = renderAt('/home/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/base/login');
    expect(api.calls).toEqual([]);
  });

  it('renders the shell only after the session check succeeded', async () => {
    let answerCheck: (() => void) | undefined;
    const api = apiAnswers({ '/Account/ValidateSession': { data: { valid: true, userId: 'DEMO1' } }, '/App/Config': config });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/Account/ValidateSession')) await new Promise<void>((resolve) => (answerCheck = resolve));
      return api.fetchMock(input);
    });
    sessionStore.signIn(loginFixture({ equity_flag: 'Y' }));
    renderAt('/home/dashboard');
    expect(screen.getByRole('status').textContent).toMatch(/Checking your session/);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    await waitFor(() => expect(answerCheck).toBeDefined());
    act(() => answerCheck?.());
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Investment Overview' })).toBeTruthy();
  });

  it('clears the session silently and goes to login when the check fails', async () => {
    const api = apiAnswers({ '/Account/ValidateSession': { data: { valid: false, userId: null } } });
    vi.stubGlobal('fetch', api.fetchMock);
    sessionStore.signIn(loginFixture());
    const router = renderAt('/home/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/base/login');
    expect(sessionStore.get()).toBeNull();
    expect(local.get(storageKeys.loginState)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('redirects an unknown /home path to the dashboard', async () => {
    vi.stubGlobal('fetch', apiAnswers({ '/Account/ValidateSession': { data: { valid: true, userId: 'DEMO1' } }, '/App/Config': config }).fetchMock);
    sessionStore.signIn(loginFixture());
    const router = renderAt('/home/no/such/screen');
    await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
  });

  it('goes to DP holdings when a depository-revocation response is stored', async () => {
    vi.stubGlobal('fetch', apiAnswers({ '/Account/ValidateSession': { data: { valid: true, userId: 'DEMO1' } }, '/App/Config': config }).fetchMock);
    sessionStore.signIn(loginFixture());
    session.set(storageKeys.depositoryRevocation, '{"status":"revoked"}');
    const router = renderAt('/home/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dpholdings'));
  });

  it('answers EGN006 from any call with the message and a logout', async () => {
    vi.stubGlobal(
      'fetch',
      apiAnswers({
        '/Account/ValidateSession': { data: { valid: true, userId: 'DEMO1' } },
        '/App/Config': config,
        '/RiskDisclosure': { infoID: 'EGN006', infoMsg: 'Your session is no longer valid. Please login again.', data: null },
      }).fetchMock,
    );
    sessionStore.signIn(loginFixture());
    const router = renderAt('/home/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' });
    await act(async () => {
      await callApi(riskDisclosure, {}).catch(() => undefined);
    });
    // The dialog comes after the logout's own round trips: on a loaded machine that is more than findBy's 1 s.
    const dialog = await screen.findByRole('alertdialog', undefined, { timeout: 5_000 });
    expect(dialog.textContent).toContain('Your session is no longer valid. Please login again.');
    expect(router.state.location.pathname).toBe('/base/login');
    expect(sessionStore.get()).toBeNull();
  }, 15_000);

  it('shows the config failure and logs out when /App/Config cannot be read', async () => {
    vi.stubGlobal('fetch', apiAnswers({ '/Account/ValidateSession': { data: { valid: true, userId: 'DEMO1' } } }).fetchMock);
    sessionStore.signIn(loginFixture());
    const router = renderAt('/home/dashboard');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Error Occured. Please login again.');
    expect(router.state.location.pathname).toBe('/base/login');
  });

  it('shows the session timeout after the configured idle time', async () => {
    vi.stubGlobal(
      'fetch',
      apiAnswers({ '/Account/ValidateSession': { data: { valid: true, userId: 'DEMO1' } }, '/App/Config': { data: { ...config.data, sessionIdleMs: 300 } }, '/Account/Logout': { data: { message: 'bye' } } }).fetchMock,
    );
    sessionStore.signIn(loginFixture());
    const router = renderAt('/home/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Session Timeout' }, { timeout: 2000 });
    expect(dialog.textContent).toContain('Session has expired due to inactivity. Please login again.');
    expect(router.state.location.pathname).toBe('/base/login');
    expect(sessionStore.get()).toBeNull();
  });

  it('shows the risk disclosure when the login state asks for it and hides it after CONTINUE', async () => {
    const api = apiAnswers({ '/Account/ValidateSession': { data: { valid: true, userId: 'DEMO1' } }, '/App/Config': config, '/RiskDisclosure': { data: { message: 'ok' } } });
    vi.stubGlobal('fetch', api.fetchMock);
    sessionStore.signIn(loginFixture({ fno_permission: 'Y' }, { showRiskDisclosure: true }));
    renderAt('/home/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'RISK DISCLOSURES ON DERIVATIVES' });
    expect(dialog.textContent).toContain('9 out of 10 individual traders');
    expect(dialog.textContent).toContain('28%');
    expect(dialog.textContent).toContain('January 25, 2023');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'CONTINUE' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'RISK DISCLOSURES ON DERIVATIVES' })).toBeNull());
    expect(api.calls).toContain('/RiskDisclosure');
    expect(sessionStore.get()?.showRiskDisclosure).toBe(false);
  });
  it("shows 'Your session is not valid. Please login.' on focus when another user signed in on this browser", async () => {
    const api = apiAnswers({ '/Account/ValidateSession': { data: { valid: true, userId: 'DEMO1' } }, '/App/Config': config });
    vi.stubGlobal('fetch', api.fetchMock);
    sessionStore.signIn(loginFixture());
    renderAt('/home/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' });
    // The focus listener is attached by an effect of the commit that draws the nav, beside the one asking for
    // /App/Config; on a slow machine those effects run in a later task than the drawing.
    await waitFor(() => expect(api.calls).toContain('/App/Config'));
    act(() => window.dispatchEvent(new Event('focus')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    local.set(storageKeys.accountId, 'DEMO2');
    act(() => window.dispatchEvent(new Event('focus')));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Your session is not valid. Please login.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
