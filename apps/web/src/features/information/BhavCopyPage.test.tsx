import type { BhavCopyRow } from '@kite/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderWithClient } from '../../test/render-with-client.tsx';
import { BhavCopyPage, bhavCopyCsv } from './BhavCopyPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const traded: BhavCopyRow = {
  symbol: 'INFY',
  isin: 'INE009A01021',
  open: '1502.80',
  high: '1515.10',
  low: '1498.00',
  last: '1510.40',
  previousClose: '1502.80',
  volume: 1_234_567,
  turnover: '1864693456.25',
  trades: 812,
};
const untraded: BhavCopyRow = {
  symbol: 'ITC',
  isin: 'INE154A01025',
  open: null,
  high: null,
  low: null,
  last: '408.15',
  previousClose: '408.15',
  volume: 0,
  turnover: '0.00',
  trades: 0,
};

function copyOf(exchange: string, rows: BhavCopyRow[], status = 'open') {
  return { data: { exchange, sessionDate: '2026-11-27', asOf: '2026-11-27 11:02:09', status, rows } };
}

describe('Bhav Copy (/home/bhavcopy)', () => {
  it("shows the day's statistics with lakh grouping, a dash where an instrument has not traded", async () => {
    fakeServer({ '/Info/GetBhavCopy': () => copyOf('NSE', [traded, untraded]) });
    renderWithClient(<BhavCopyPage />);
    const infy = (await screen.findByText('INFY')).closest('tr')!;
    expect(within(infy).getByText('1,515.10')).toBeDefined();
    expect(within(infy).getByText('12,34,567')).toBeDefined();
    expect(within(infy).getByText('1,86,46,93,456.25')).toBeDefined();
    const itc = screen.getByText('ITC').closest('tr')!;
    expect(within(itc).getAllByText('-')).toHaveLength(3);
    expect(screen.getByTestId('bhav-as-of').textContent).toBe(
      'Session of 27/11/2026, as of 11:02:09 IST. 1 of 2 instruments traded. Provisional: the market is open and the figures change with every trade.',
    );
  });

  it('asks for the BSE copy on the switch, and filters by symbol and by traded only', async () => {
    const server = fakeServer({
      '/Info/GetBhavCopy': (data) =>
        data.exchange === 'BSE'
          ? copyOf('BSE', [{ ...untraded, symbol: 'SBIN' }], 'closed')
          : copyOf('NSE', [traded, untraded]),
    });
    renderWithClient(<BhavCopyPage />);
    await screen.findByText('INFY');
    await userEvent.click(screen.getByLabelText('Traded only'));
    expect(screen.queryByText('ITC')).toBeNull();
    await userEvent.click(screen.getByLabelText('Traded only'));
    await userEvent.type(screen.getByLabelText('Filter by symbol'), 'it');
    expect(screen.queryByText('INFY')).toBeNull();
    expect(screen.getByText('ITC')).toBeDefined();
    await userEvent.clear(screen.getByLabelText('Filter by symbol'));
    await userEvent.click(screen.getByRole('radio', { name: 'BSE' }));
    expect(await screen.findByText('SBIN')).toBeDefined();
    expect(server.calls.map((c) => c.data.exchange)).toEqual(['NSE', 'BSE']);
    await waitFor(() => expect(screen.getByTestId('bhav-as-of').textContent).toContain('Final: the market is closed.'));
  });

  it('exports plain decimals to CSV, untraded prices left blank', () => {
    expect(bhavCopyCsv([traded, untraded])).toEqual([
      ['Symbol', 'ISIN', 'Open', 'High', 'Low', 'Close / Last', 'Prev. close', 'Volume', 'Turnover (₹)', 'Trades'],
      [
        'INFY',
        'INE009A01021',
        '1502.80',
        '1515.10',
        '1498.00',
        '1510.40',
        '1502.80',
        '1234567',
        '1864693456.25',
        '812',
      ],
      ['ITC', 'INE154A01025', '', '', '', '408.15', '408.15', '0', '0.00', '0'],
    ]);
  });

  it("shows the server's refusal (INF001) in place of the table", async () => {
    fakeServer({
      '/Info/GetBhavCopy': () => ({
        infoID: 'INF001',
        infoMsg: "NSE has not opened for trading today: the bhav copy is made from the day's session.",
      }),
    });
    renderWithClient(<BhavCopyPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('NSE has not opened for trading today');
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
