import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../test/downloads.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { BackOfficeCurrentPage, BackOfficePreviousPage } from './BackOfficeReportPage.tsx';
import { ContractNotePage } from './ContractNotePage.tsx';
import { EquityReportPage, FnoReportPage } from './SegmentReportPage.tsx';
import { SepExecutionReportPage, SepRegistrationReportPage } from './SepReportPages.tsx';

function renderWith(node: ReactNode, handlers: Record<string, (data: Record<string, unknown>) => FakeAnswer> = {}) {
  const server = fakeServer(handlers);
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {node}
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return server;
}

afterEach(() => vi.unstubAllGlobals());

const zero = {
  trades: 0,
  turnover: '0.00',
  brokerage: '0.00',
  stt: '0.00',
  transactionCharge: '0.00',
  gst: '0.00',
  sebiFee: '0.00',
  stampDuty: '0.00',
  totalCharges: '0.00',
  realisedPnl: '0.00',
  netPnl: '0.00',
};
const delivery = {
  ...zero,
  trades: 2,
  turnover: '148225.50',
  stt: '148.23',
  totalCharges: '171.40',
  realisedPnl: '8772.50',
  netPnl: '8601.10',
};
const fno = {
  ...zero,
  trades: 2,
  turnover: '3250000.00',
  totalCharges: '512.10',
  realisedPnl: '-1950.00',
  netPnl: '-2462.10',
};
const backOffice = {
  financialYear: '2026-2027',
  fromDate: '01/04/2026',
  toDate: '27/11/2026',
  segments: [
    { segment: 'equityDelivery', ...delivery },
    { segment: 'equityIntraday', ...zero },
    { segment: 'fno', ...fno },
    { segment: 'currency', ...zero },
    { segment: 'commodity', ...zero },
  ],
  totals: {
    ...zero,
    trades: 4,
    turnover: '3398225.50',
    totalCharges: '683.50',
    realisedPnl: '6822.50',
    netPnl: '6139.00',
  },
  ledger: {
    openingBalance: '1000000.00',
    payIn: '1000.00',
    payOut: '0.00',
    otherEntries: '6139.00',
    closingBalance: '1007139.00',
  },
};

describe('Back-office report (/home/backofficereportcurrent, /home/backofficereportprevfinancialyear)', () => {
  it('asks for the current year at once and shows each segment, the totals and the ledger summary', async () => {
    const server = renderWith(<BackOfficeCurrentPage />, { '/Reports/BackOfficeReport': () => ({ data: backOffice }) });
    expect(screen.getByRole('heading', { name: 'Back-office Report (Current FY)' })).toBeDefined();
    expect((await screen.findByTestId('ledger-closingBalance')).textContent).toBe('10,07,139.00');
    expect(server.calls[0]!.data).toEqual({ year: 'current' });
    expect(screen.getByTestId('ledger-payIn').textContent).toBe('1,000.00');
    expect(screen.getByTestId('financial-year').textContent).toBe('Financial year 01/04/2026 to 27/11/2026');
    const table = screen.getByRole('table', { name: 'Turnover, charges and realised P&L by segment' });
    const row = within(table).getByText('F&O').closest('tr')!;
    expect(within(row).getByText('32,50,000.00')).toBeDefined();
    const loss = within(row).getByText('-1,950.00');
    expect(loss.className).toMatch(/down/);
    expect(within(table).getByText('Equity delivery')).toBeDefined();
    expect(within(table).getByText('Commodity')).toBeDefined();
    const total = within(table).getByText('Total').closest('tr')!;
    expect(within(total).getByText('6,139.00')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDefined();
  });

  it('asks for the previous year and shows the server message when it fails', async () => {
    const server = renderWith(<BackOfficePreviousPage />, {
      '/Reports/BackOfficeReport': () => ({
        infoID: 'RPT004',
        infoMsg: 'Choose a financial year from 2018-2019 to the current one.',
      }),
    });
    expect(screen.getByRole('heading', { name: 'Back-office Report (Previous FY)' })).toBeDefined();
    expect((await screen.findByRole('alert')).textContent).toContain('Choose a financial year');
    expect(server.calls[0]!.data).toEqual({ year: 'previous' });
  });
});

const trade = (over: Record<string, unknown>) => ({
  orderNo: '261127000001',
  exchangeOrderId: '1100001',
  tradeNo: '7',
  tradeDate: '27/11/2026',
  time: '10:15:02',
  exchange: 'NSE',
  symbol: 'INFY-EQ',
  product: 'CASH',
  side: 'BUY',
  quantity: 5,
  price: '1482.50',
  value: '7412.50',
  brokerage: '0.00',
  stt: '7.00',
  transactionCharge: '0.22',
  gst: '0.04',
  sebiFee: '0.01',
  stampDuty: '1.11',
  netAmount: '-7420.88',
  ...over,
});

describe('Segment reports (/home/equity, /home/fno)', () => {
  it('opens on the last 30 days and lists realised P&L by security, the totals and the trades', async () => {
    const server = renderWith(<EquityReportPage />, {
      '/Reports/SegmentReport': () => ({
        data: {
          segment: 'equity',
          fromDate: '28/10/2026',
          toDate: '27/11/2026',
          securities: [
            {
              symbol: 'RELIANCE',
              buyQty: 0,
              buyValue: '0.00',
              sellQty: 10,
              sellValue: '15001.00',
              charges: '17.10',
              realisedPnl: '877.50',
            },
          ],
          trades: [
            trade({ symbol: 'RELIANCE-EQ', side: 'SELL', quantity: 10, value: '15001.00', netAmount: '14983.90' }),
          ],
          totals: { turnover: '15001.00', charges: '17.10', realisedPnl: '877.50', netPnl: '860.40' },
        },
      }),
    });
    expect((await screen.findByTestId('total-netPnl')).textContent).toBe('860.40');
    expect(server.calls[0]!.data).toMatchObject({ segment: 'equity' });
    const securities = screen.getByRole('table', { name: 'Realised P&L by security' });
    const row = within(securities).getByText('RELIANCE').closest('tr')!;
    expect(within(row).getByText('15,001.00')).toBeDefined();
    expect(within(row).getByText('877.50').className).toMatch(/up/);
    const trades = screen.getByRole('table', { name: 'Trades' });
    expect(within(trades).getByText('RELIANCE-EQ (NSE)')).toBeDefined();
    expect(within(trades).getByText('14,983.90')).toBeDefined();
  });

  it('says so when the F&O segment has no trades in the period', async () => {
    const server = renderWith(<FnoReportPage />, {
      '/Reports/SegmentReport': () => ({
        data: {
          segment: 'fno',
          fromDate: '28/10/2026',
          toDate: '27/11/2026',
          securities: [],
          trades: [],
          totals: { turnover: '0.00', charges: '0.00', realisedPnl: '0.00', netPnl: '0.00' },
        },
      }),
    });
    expect(screen.getByRole('heading', { name: 'F&O' })).toBeDefined();
    expect(await screen.findByText('No trades in this segment in this period.')).toBeDefined();
    expect(server.calls[0]!.data).toMatchObject({ segment: 'fno' });
    expect(screen.queryByRole('table', { name: 'Trades' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});

describe('SEP reports (/home/sepregistrationreport, /home/sepexecutionreport)', () => {
  it('shows the honest empty state, why, and a way to the SEP preview, without asking the server', () => {
    const server = renderWith(<SepRegistrationReportPage />);
    const table = screen.getByRole('table', { name: 'SEP Registration Report' });
    expect(within(table).getByText('You have no registered SEPs.')).toBeDefined();
    expect(within(table).getByText(/not yet offered for registration/)).toBeDefined();
    expect(within(table).getByRole('link', { name: 'See the START SEP preview' }).getAttribute('href')).toBe(
      '/home/sep',
    );
    expect(within(table).getByRole('columnheader', { name: 'Frequency' })).toBeDefined();
    expect(server.calls).toHaveLength(0);
  });

  it('lists the execution report columns with its own empty state', () => {
    renderWith(<SepExecutionReportPage />);
    const table = screen.getByRole('table', { name: 'SEP Execution Report' });
    expect(within(table).getByText('No SEP installments have been executed.')).toBeDefined();
    expect(within(table).getByRole('columnheader', { name: 'Installment' })).toBeDefined();
  });
});

describe('Contract note PDF (/Reports/downloadPDF)', () => {
  const note = {
    tradeDate: '27/11/2026',
    contractNoteNo: 'CN20261127000001',
    clientName: 'RAHUL SHARMA',
    userId: 'DEMO1',
    pan: 'XXXXXX234F',
    trades: [trade({})],
    totals: trade({}),
  };

  it("asks for the shown day's PDF and saves the file it answers", async () => {
    const downloads = captureDownloads();
    const server = renderWith(<ContractNotePage />, {
      '/Reports/DigitalContract': () => ({ data: note }),
      '/Reports/downloadPDF': () => ({
        data: { fileName: 'contract-note-20261127.pdf', contentType: 'application/pdf', base64: btoa('%PDF-1.3 x') },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(downloads.saved.map((d) => d.fileName)).toEqual(['contract-note-20261127.pdf']));
    expect(await downloads.saved[0]!.blob.text()).toBe('%PDF-1.3 x');
    expect(server.calls.find((c) => c.path === '/Reports/downloadPDF')!.data).toEqual({ tradeDate: '27/11/2026' });
    downloads.restore();
  });

  it("shows the server's message when the PDF cannot be made", async () => {
    renderWith(<ContractNotePage />, {
      '/Reports/DigitalContract': () => ({ data: note }),
      '/Reports/downloadPDF': () => ({
        infoID: 'RPT005',
        infoMsg: 'No trades on this day, so there is no contract note.',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No trades on this day');
  });
});
