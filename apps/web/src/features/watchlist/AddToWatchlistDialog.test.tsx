import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, closeAllDialogs } from '../../components/dialog/index.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { openAddToWatchlist } from './AddToWatchlistDialog.tsx';

const sym = { id: 'RELIANCE-NSE', exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: '2885_NSE' } as const;

function group(id: string, name: string, isEditable: boolean) {
  return {
    id,
    name,
    channel: 'WEB',
    type: 'user',
    isEditable,
    isMobile: false,
    isChecked: false,
    favid: '0',
    settings: {},
  };
}

describe('the shared add-scrips-to-watchlist dialog (platform.md 2.8, trading.md 5.3)', () => {
  afterEach(() => {
    act(() => closeAllDialogs());
    vi.unstubAllGlobals();
  });

  it('tells a client without an editable watchlist to add one first, and adds nothing', async () => {
    const server = fakeServer({
      '/Watchlist/ListGroups': () => ({
        data: { predef: [group('P-NIFTY50', 'NIFTY 50', false)], groups: [], mpib: [] },
      }),
    });
    render(<DialogHost />);
    void openAddToWatchlist(sym);
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Please add watchlist and try again.');
    expect(server.paths()).not.toContain('/Watchlist/AddSymbol');
  });

  it('asks for exactly one editable watchlist, then adds the scrip to it', async () => {
    const server = fakeServer({
      '/Watchlist/ListGroups': () => ({
        data: { predef: [], groups: [group('11', 'Tech', true), group('12', 'Banks', true)], mpib: [] },
      }),
      '/Watchlist/AddSymbol': () => ({ data: {} }),
    });
    const user = userEvent.setup();
    render(<DialogHost />);
    void openAddToWatchlist(sym);
    const dialog = await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('alert').textContent).toBe('Please Select Watchlist');
    await user.click(screen.getByRole('radio', { name: 'Banks' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Scrip added to watchlist successfully');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(server.calls.find((c) => c.path === '/Watchlist/AddSymbol')?.data).toEqual({ watchId: '12', sym });
  });
});
