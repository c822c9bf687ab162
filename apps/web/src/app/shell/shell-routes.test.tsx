import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session/session-store.ts';
import { homeRoutes } from '../home-routes.ts';
import { routesFor, shellChildren } from './shell-routes.tsx';
import { loginFixture } from './testing/login-fixture.ts';

afterEach(() => act(() => sessionStore.signOut()));

describe('the /home routes (platform.md 2.3)', () => {
  it('has a route for every /home path of the spec, with both forms for the non-exact ones', () => {
    const paths = shellChildren.map((route) => route.path);
    for (const route of homeRoutes) expect(paths).toContain(route.path);
    expect(paths).toContain('news/*');
    expect(paths).toContain('notifications/*');
    expect(paths.at(-1)).toBe('*');
  });

  it('shows the configuration-failure placeholder when a screen cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [{ path: '/home', children: routesFor({ path: 'broken', title: 'Broken', area: 'test', load: () => Promise.reject(new Error('chunk failed')) }) }],
      { initialEntries: ['/home/broken'] },
    );
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error occuredPlease refresh page after some time');
    vi.restoreAllMocks();
  });

  it('refuses a screen opened by its address without the ability the menus offer it with (platform.md 6)', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>the span form</p> }));
    const span = { ...homeRoutes.find((r) => r.path === 'spancalculator')!, load };
    const open = () =>
      render(
        <RouterProvider
          router={createMemoryRouter([{ path: '/home', children: routesFor(span) }], {
            initialEntries: ['/home/spancalculator'],
          })}
        />,
      );
    act(() => sessionStore.signIn(loginFixture({ equity_flag: 'Y' })));
    const refused = open();
    expect((await screen.findByRole('alert')).textContent).toBe('You are not permitted to do this.');
    expect(screen.getByRole('heading', { name: 'Span Calculator' })).toBeDefined();
    expect(load).not.toHaveBeenCalled();
    refused.unmount();

    act(() => sessionStore.signIn(loginFixture({ equity_flag: 'Y', fno_permission: 'Y', span_permission: 'Y' })));
    open();
    expect(await screen.findByText('the span form')).toBeDefined();
    expect(homeRoutes.find((r) => r.path === 'mytradingplan')?.needs).toBe('tradingPlan');
    expect(homeRoutes.find((r) => r.path === 'basketorder')?.needs).toBe('basketOrder');
  });
});
