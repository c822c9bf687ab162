import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/index.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderWithClient } from '../../test/render-with-client.tsx';
import { OfsPage } from './OfsPage.tsx';

afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
});

describe('OFS mock-up (/home/ofs)', () => {
  it('shows the sample offers per tab and exchange, BUY only on Active OFS', async () => {
    const server = fakeServer({});
    renderWithClient(<OfsPage />);
    expect(screen.getByText('COALINDIA')).toBeDefined();
    expect(screen.getByText('IRCON')).toBeDefined();
    expect(screen.queryByText('NHPC')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^BUY / })).toHaveLength(2);
    await userEvent.click(screen.getByRole('radio', { name: 'BSE' }));
    expect(screen.getByText('MAZDOCK')).toBeDefined();
    expect(screen.queryByText('COALINDIA')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Forthcoming OFS' }));
    expect(screen.getByText('RVNL')).toBeDefined();
    expect(screen.queryByRole('button', { name: /^BUY / })).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('bids: the order price follows quantity and price; the rules refuse; a valid bid sends nothing', async () => {
    const server = fakeServer({});
    renderWithClient(<OfsPage />);
    await userEvent.click(screen.getByRole('button', { name: 'BUY COALINDIA' }));
    const dialog = await screen.findByRole('dialog', { name: 'OFS Bid - COALINDIA' });
    expect(within(dialog).getByRole('tab', { name: 'RS', selected: true })).toBeDefined();
    expect((within(dialog).getByLabelText('Price') as HTMLInputElement).value).toBe('375.00');
    const margin = within(dialog).getByLabelText('Margin style');
    expect(
      within(margin)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['NSE-CM', 'NSE-FNO', 'NSE-CDS', 'BSE']);

    await userEvent.type(within(dialog).getByLabelText('Quantity'), '600');
    expect(within(dialog).getByRole('status', { name: 'Order price' }).textContent).toBe('2,25,000.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'PLACE BID' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('A retail bid may not exceed ₹2,00,000.');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'IS' }));
    const price = within(dialog).getByLabelText('Price');
    await userEvent.clear(price);
    await userEvent.type(price, '374.95');
    await userEvent.click(within(dialog).getByRole('button', { name: 'PLACE BID' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The price must be at least the floor price 375.00.');

    await userEvent.clear(price);
    await userEvent.type(price, '376.05');
    await userEvent.selectOptions(margin, 'NSE-FNO');
    await userEvent.click(within(dialog).getByRole('button', { name: 'PLACE BID' }));
    const placed = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(within(placed).getByText('This is a preview: no bid was sent to the exchange.')).toBeDefined();
    await userEvent.click(within(placed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).toEqual([]);
  });
});
