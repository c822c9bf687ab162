import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LoginState } from '../../lib/session/session-store.ts';
import { Header, MainNav } from './Header.tsx';
import { ShellFooter } from './ShellFooter.tsx';
import { loginFixture } from './testing/login-fixture.ts';

function renderShellParts(login: LoginState) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Header login={login} />
            <MainNav login={login} />
            <ShellFooter login={login} />
          </>
        ),
      },
    ],
    { initialEntries: ['/home/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the rendered menus follow deriveAbilities', () => {
  it('a cash-only client sees no trading plan, span calculator or trading tools', async () => {
    const user = userEvent.setup();
    renderShellParts(loginFixture({ equity_flag: 'Y' }));
    expect(screen.queryByRole('button', { name: 'Trading Tools' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Quick links' })).queryByRole('link', { name: 'My Trading Plan' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Calculators' }));
    const calculators = screen.getByRole('menu', { name: 'Calculators' });
    expect(within(calculators).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Margin Calculator',
      'Cost of Carry Calculator',
      'Option Calculator',
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(within(screen.getByRole('menu', { name: 'User menu' })).queryByRole('menuitem', { name: 'My Trading Plan' })).toBeNull();
  });

  it('a client with every permission gets them, and disabled entries stay disabled', async () => {
    const user = userEvent.setup();
    const router = renderShellParts(
      loginFixture({ equity_flag: 'Y', fno_permission: 'Y', shubh_plan_permission: 'Y', span_permission: 'Y', cds_nse_permission: 'Y' }),
    );
    expect(screen.getByRole('link', { name: 'My Trading Plan' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Marketstats' }));
    const menu = screen.getByRole('menu', { name: 'Marketstats' });
    expect((within(menu).getByRole('menuitem', { name: 'Market Summary' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(menu).getByRole('menuitem', { name: 'Currency Overview' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(menu).getByRole('menuitem', { name: 'Heatmap' }));
    expect(router.state.location.pathname).toBe('/home/ms/eq/heatmap');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows a dash for index values until a data source is plugged in', () => {
    renderShellParts(loginFixture({ equity_flag: 'Y' }));
    const tickers = screen.getAllByTestId('index-ticker');
    expect(tickers.map((t) => t.textContent)).toEqual(['NIFTY 50—', 'SENSEX—']);
    expect(screen.getByRole('searchbox', { name: 'Search scrips' }).getAttribute('placeholder')).toBe('Search by Scrip name or Company name');
  });
});
