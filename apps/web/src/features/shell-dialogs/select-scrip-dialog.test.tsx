import { deriveAbilities } from '@kite/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { niftyFuture, reliance } from '../search/testing/search-fixtures.ts';
import { openSelectScripDialog } from './index.ts';

const equityOnly = deriveAbilities(loginFixture({ equity_flag: 'Y' }).accountDetails, loginFixture().flags);

afterEach(() => {
  act(() => closeAllDialogs());
  vi.unstubAllGlobals();
});

describe('the shared Select Scrip dialog (platform.md 2.8)', () => {
  it('searches inline and resolves with the chosen scrip', async () => {
    fakeServer({ '/Trade/SymbolSearch': () => ({ data: { searchResults: [reliance, niftyFuture] } }) });
    render(<DialogHost />);
    let chosen: unknown = 'pending';
    act(() => void openSelectScripDialog({ abilities: equityOnly, context: 'watchlist' }).then((scrip) => (chosen = scrip)));
    const dialog = await screen.findByRole('dialog', { name: 'Select Scrip' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search scrips' }), 'reliance');
    const results = await within(dialog).findByRole('listbox', { name: 'Search results' });
    await userEvent.click(within(results).getAllByRole('option')[0]!);
    await vi.waitFor(() => expect(chosen).toMatchObject({ displaySym: reliance.displaySym, sym: reliance.sym }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes the screen’s own title and resolves with nothing when closed without a choice', async () => {
    render(<DialogHost />);
    let chosen: unknown = 'pending';
    act(() => void openSelectScripDialog({ abilities: equityOnly, context: 'basket', title: 'Add to basket' }).then((scrip) => (chosen = scrip)));
    const dialog = await screen.findByRole('dialog', { name: 'Add to basket' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(chosen).toBeUndefined());
  });
});
