import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/index.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderWithClient } from '../../test/render-with-client.tsx';
import { NotificationsPage } from './NotificationsPage.tsx';

afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
});

const alerts = [
  {
    id: 'T9',
    kind: 'TRADE',
    alertTime: '2026-11-27 10:15:02',
    alertMessage: 'Trade: BOUGHT 5 INFY (NSE) at 1,502.30, order 261127000012',
  },
  {
    id: 'E7',
    kind: 'ORDER',
    alertTime: '2026-11-27 10:15:01',
    alertMessage: 'Order 261127000012 placed: BUY 5 INFY (NSE) at market',
  },
];

describe('Notifications (/home/notifications)', () => {
  it("shows the day's order and trade events on the Order tab, and refreshes them on the icon", async () => {
    let answers = 0;
    const server = fakeServer({
      '/Alerts/GetOrderAndTradeAlerts': () => ({ data: { alerts: answers++ === 0 ? alerts : [] } }),
    });
    renderWithClient(<NotificationsPage />);
    const trade = (await screen.findByText(alerts[0]!.alertMessage)).closest('tr')!;
    expect(within(trade).getByText('10:15:02')).toBeDefined();
    expect(within(trade).getByText('Trade')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'SET AN ALERT' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('No order or trade notifications today.')).toBeDefined();
    expect(server.paths()).toEqual(['/Alerts/GetOrderAndTradeAlerts', '/Alerts/GetOrderAndTradeAlerts']);
  });

  it('shows placeholders on Alerts, News and Ideas; SET AN ALERT only on Alerts', async () => {
    fakeServer({ '/Alerts/GetOrderAndTradeAlerts': () => ({ data: { alerts: [] } }) });
    renderWithClient(<NotificationsPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'News' }));
    expect(screen.getByText('News alerts will appear here.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'SET AN ALERT' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Ideas' }));
    expect(screen.getByText('Research idea alerts will appear here.')).toBeDefined();
    await userEvent.click(screen.getByRole('tab', { name: 'Alerts' }));
    expect(screen.getByText('Price alerts you set will appear here.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'SET AN ALERT' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('opens the alert dialog: parameters, conditions, modes, a note to add, edit and delete; SAVE does nothing', async () => {
    const server = fakeServer({ '/Alerts/GetOrderAndTradeAlerts': () => ({ data: { alerts: [] } }) });
    renderWithClient(<NotificationsPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Alerts' }));
    await userEvent.click(screen.getByRole('button', { name: 'SET AN ALERT' }));
    const dialog = await screen.findByRole('dialog', { name: 'SET AN ALERT' });
    const options = (label: string) =>
      within(within(dialog).getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Parameter')).toEqual(['NSE-CM', 'NSE-FNO', 'NSE-CDS', 'BSE']);
    expect(options('ALERT ME')).toEqual(['greater than or equal', 'lesser than or equal']);
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['SMS', 'EMAIL', 'BOTH']);
    await userEvent.click(within(dialog).getByLabelText('Both'));
    expect((within(dialog).getByLabelText('Both') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Alert expires in 30 days')).toBeDefined();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Buy on dips');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByTestId('alert-note').textContent).toBe('Buy on dips');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit note' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), ' below 1400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByTestId('alert-note').textContent).toBe('Buy on dips below 1400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    expect(within(dialog).queryByTestId('alert-note')).toBeNull();

    const calls = server.calls.length;
    await userEvent.type(within(dialog).getByLabelText('Value'), '1450');
    await userEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(screen.getByRole('dialog', { name: 'SET AN ALERT' })).toBeDefined();
    expect(server.calls.length).toBe(calls);
    await userEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's message when the notifications cannot be read", async () => {
    fakeServer({ '/Alerts/GetOrderAndTradeAlerts': () => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }) });
    renderWithClient(<NotificationsPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
  });
});
