import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session/session-store.ts';
import { fakeServer, signedInAnswer } from '../../test/fake-server.ts';
import { ssoRoutes } from './sso-routes.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      ...ssoRoutes,
      { path: '/base/login', element: <h1>Login</h1> },
      { path: '/home/*', element: <h1>Home</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const success = (userId: string) => ({
  data: { result: 'SUCCESS', userId, source: 'P', appkey: 'ab12', session: signedInAnswer(userId, false) },
});

describe('single sign-on entry routes (platform.md 2.2)', () => {
  beforeEach(() => sessionStore.signOut());
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/PortfolioTrackerSSO', '/home/portfoliotracker', '', null],
    ['/PortfolioTrackerSSODion', '/home/portfolioTrackerDion', '', null],
    ['/MyTradingPlan', '/home/mytradingplan', '', { redirect: 'MyTradingPlan' }],
    ['/MarketStatus', '/home/markettimings', '', null],
    ['/IPO', '/home/ipo', '', null],
    ['/IPOOrder', '/home/ipo', '?segment=orderbook', null],
    ['/PoaPledge', '/home/PoaPledge', '', { sso: { userId: 'DEMO1', source: 'P', appkey: 'ab12' } }],
  ])('%s signs on with the token and opens %s', async (entry, home, search, state) => {
    const server = fakeServer({ '/Business/SSOService': () => success('DEMO1') });
    const router = renderAt(`${entry}?data=tok-1`);
    await screen.findByRole('heading', { name: 'Home' });
    expect(router.state.location.pathname).toBe(home);
    expect(router.state.location.search).toBe(search);
    expect(router.state.location.state).toEqual(state);
    expect(server.calls).toEqual([{ path: '/Business/SSOService', data: { data: 'tok-1' } }]);
    expect(sessionStore.get()?.userId).toBe('DEMO1');
  });

  it('goes to /base/login when the sign-on fails', async () => {
    fakeServer({ '/Business/SSOService': () => ({ data: { result: 'FAILED', userId: null, source: null, appkey: null, session: null } }) });
    const router = renderAt('/IPO?data=used');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/base/login');
    expect(sessionStore.get()).toBeNull();
  });

  it('goes to /base/login without a token, making no call', async () => {
    const server = fakeServer({});
    renderAt('/MarketStatus');
    await screen.findByRole('heading', { name: 'Login' });
    expect(server.calls).toHaveLength(0);
  });

  it('goes to /base/login when the call itself fails', async () => {
    fakeServer({ '/Business/SSOService': () => ({ infoID: 'EGN003', infoMsg: 'Too many requests.' }) });
    renderAt('/PoaPledge?data=x');
    await screen.findByRole('heading', { name: 'Login' });
  });
});
