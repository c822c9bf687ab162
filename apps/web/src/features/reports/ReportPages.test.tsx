import { reportDayText, reportToday } from '@kite/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../test/downloads.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { CapitalGainPage, GainSummaryPage } from './CapitalGainPage.tsx';
import { ClientMasterPage } from './ClientMasterPage.tsx';
import { ContractNotePage } from './ContractNotePage.tsx';
import { DematHoldingsPage } from './DematHoldingsPage.tsx';
import { LedgerPage } from './LedgerPage.tsx';
import { BrokeragePage, SttPage } from './TradeRegisterPage.tsx';

function renderWith(node: ReactNode, handlers: Record<string, (data: Record<string, unknown>) => FakeAnswer>) {
  const server = fakeServer(handlers);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );
  return server;
}

afterEach(() => vi.unstubAllGlobals());

const ledger = {
  fromDate: '28/10/2026',
  toDate: '27/11/2026',
  openingBalance: '1000000.00',
  entries: [
    {
      date: '27/11/2026 10:15',
      narration: 'Bought 5 INFY-EQ',
      voucher: 'trade 1/7',
      debit: '7412.50',
      credit: '0.00',
      balance: '992587.50',
    },
    {
      date: '27/11/2026 10:15',
      narration: 'Charges INFY-EQ',
      voucher: 'trade 1/7',
      debit: '9.86',
      credit: '0.00',
      balance: '992577.64',
    },
  ],
  totalDebit: '7422.36',
  totalCredit: '0.00',
  closingBalance: '992577.64',
};

describe('Ledger (/home/ledger)', () => {
  it('opens on the last 30 days: opening, each entry with its running balance in lakh grouping, and closing', async () => {
    const server = renderWith(<LedgerPage />, { '/Reports/ReportWebService': () => ({ data: ledger }) });
    expect((await screen.findByTestId('opening-balance')).textContent).toBe('10,00,000.00');
    expect(screen.getByTestId('closing-balance').textContent).toBe('9,92,577.64');
    const row = screen.getByText('Bought 5 INFY-EQ').closest('tr')!;
    expect(within(row).getByText('7,412.50')).toBeDefined();
    expect(within(row).getByText('9,92,587.50')).toBeDefined();
    const today = reportToday(Date.now());
    expect(server.calls.map((c) => c.data)).toEqual([
      { report: 'ledger', fromDate: reportDayText(today - 30), toDate: reportDayText(today) },
    ]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDefined();
  });

  it('downloads the ledger as Excel (xlsx) as well as CSV (investing.md 9 "Financial years and exports")', async () => {
    renderWith(<LedgerPage />, { '/Reports/ReportWebService': () => ({ data: ledger }) });
    await screen.findByTestId('opening-balance');
    const downloads = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await vi.waitFor(() => expect(downloads.saved.map((d) => d.fileName)).toEqual(['ledger-20261028-20261127.xlsx']));
    // An xlsx file is a zip archive: it starts with the local file header "PK\x03\x04".
    const bytes = new Uint8Array(await downloads.saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    downloads.restore();
  });

  it('asks again for the period shown when the client presses Show', async () => {
    const server = renderWith(<LedgerPage />, { '/Reports/ReportWebService': () => ({ data: ledger }) });
    await screen.findByTestId('opening-balance');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]!.data).toEqual(server.calls[0]!.data);
  });

  it('says so when the period has no entries', async () => {
    renderWith(<LedgerPage />, { '/Reports/ReportWebService': () => ({ data: { ...ledger, entries: [] } }) });
    expect(await screen.findByText('No ledger entries in this period.')).toBeDefined();
  });

  it("shows the server's message when the ledger cannot be read", async () => {
    renderWith(<LedgerPage />, {
      '/Reports/ReportWebService': () => ({ infoID: 'RPT003', infoMsg: 'Choose a period of one year or less.' }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Choose a period of one year or less.');
  });
});

const trade = {
  orderNo: '261127000001',
  exchangeOrderId: '1100001',
  tradeNo: '7',
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
};

/** The contract note page over a note of these lines. */
const renderNote = (trades: (typeof trade)[]) =>
  renderWith(<ContractNotePage />, {
    '/Reports/DigitalContract': () => ({
      data: {
        tradeDate: '27/11/2026',
        contractNoteNo: 'CN20261127000001',
        clientName: 'RAHUL SHARMA',
        userId: 'DEMO1',
        pan: 'XXXXXX234F',
        trades,
        totals: { ...trade },
      },
    }),
  });

describe('Digital Contract Note (/home/digitalcontractnote)', () => {
  it('lists the trades of the day with each charge, the totals and the net payable', async () => {
    renderNote([trade]);
    expect((await screen.findByTestId('net-amount')).textContent).toBe('7,420.88');
    expect(screen.getByText('Net amount payable by the client')).toBeDefined();
    expect(screen.getByText('XXXXXX234F')).toBeDefined();
    const row = screen.getByText('INFY-EQ (NSE)').closest('tr')!;
    expect(within(row).getByText('7.00')).toBeDefined();
    expect(within(row).getByText('-7,420.88')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDefined();
  });

  it('shows a trade part of whose quantity ended the day in another product as two lines, one per product', async () => {
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => {});
    const intraday = { ...trade, product: 'INTRADAY', quantity: 3, value: '4447.50' };
    const delivery = { ...trade, quantity: 2, value: '2965.00' };
    renderNote([intraday, delivery]);
    expect((await screen.findByText('4,447.50')).closest('tr')).toBeTruthy();
    const rows = screen.getAllByText('INFY-EQ (NSE)').map((cell) => cell.closest('tr')!);
    expect(
      rows.map((row) => [within(row).queryByText('INTRADAY') !== null, within(row).queryByText('CASH') !== null]),
    ).toEqual([
      [true, false],
      [false, true],
    ]);
    // Each line has its own key: React warns of none sharing one.
    expect(warnings.mock.calls.filter((call) => String(call[0]).includes('same key'))).toEqual([]);
    warnings.mockRestore();
  });

  it('says there is no contract note on a day without trades', async () => {
    renderNote([]);
    expect(await screen.findByText('No trades on this day, so there is no contract note.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });
});

describe('Capital gain and gain summary (/home/report/capitalgain, /home/report/gainsummary)', () => {
  const years = ['2026-2027', '2025-2026', '2024-2025', '2018-2019'];
  it('shows the datewise lots of the newest year, then another year on choosing it', async () => {
    const server = renderWith(<CapitalGainPage />, {
      '/Report/CapitalGLReport': (data) => ({
        data: {
          financialYear: data.financialYear,
          financialYears: years,
          lots:
            data.financialYear === '2024-2025'
              ? []
              : [
                  {
                    symbol: 'RELIANCE',
                    term: 'LONG',
                    buyDate: '',
                    sellDate: '27/11/2026',
                    quantity: 10,
                    buyValue: '14123.50',
                    sellValue: '15001.00',
                    gain: '877.50',
                  },
                ],
        },
      }),
    });
    const row = (await screen.findByText('RELIANCE')).closest('tr')!;
    expect(within(row).getByText('Long term')).toBeDefined();
    expect(within(row).getByText('Before records')).toBeDefined();
    expect(within(row).getByText('14,123.50')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Financial year'), { target: { value: '2024-2025' } });
    expect(await screen.findByText('No sales in this financial year.')).toBeDefined();
    expect(server.calls.map((c) => c.data.financialYear)).toEqual([
      expect.stringMatching(/^\d{4}-\d{4}$/),
      '2024-2025',
    ]);
    const options = within(screen.getByLabelText('Financial year')).getAllByRole('option');
    expect(options.at(-1)!.textContent).toBe('2018-2019');
  });

  it('shows the summary totals per term and per security', async () => {
    renderWith(<GainSummaryPage />, {
      '/Report/GainSummary': () => ({
        data: {
          financialYear: '2026-2027',
          financialYears: years,
          totals: [
            { term: 'SHORT', buyValue: '0.00', sellValue: '0.00', gain: '0.00' },
            { term: 'LONG', buyValue: '14123.50', sellValue: '15001.00', gain: '877.50' },
            { term: 'SPECULATIVE', buyValue: '2965.00', sellValue: '2960.00', gain: '-5.00' },
          ],
          bySymbol: [{ symbol: 'INFY', term: 'SPECULATIVE', buyValue: '2965.00', sellValue: '2960.00', gain: '-5.00' }],
        },
      }),
    });
    expect((await screen.findByTestId('total-LONG')).textContent).toBe('877.50');
    expect(screen.getByTestId('total-SPECULATIVE').textContent).toBe('-5.00');
    expect(screen.getByRole('heading', { name: 'Gain Summary' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Summary' }).getAttribute('aria-selected')).toBe('true');
    // The export's total rows say so where a security's name stands in the others.
    const downloads = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const csv = await downloads.saved[0]!.blob.text();
    expect(csv).toContain('INFY,Speculative (intraday),2965.00,2960.00,-5.00');
    expect(csv).toContain('Total,Long term,14123.50,15001.00,877.50');
  });
});

describe('STT and brokerage (/home/stt, /home/brokerage)', () => {
  const register = {
    fromDate: '28/10/2026',
    toDate: '27/11/2026',
    trades: [{ ...trade, tradeDate: '27/11/2026' }],
    totals: { ...trade },
  };

  it('shows each trade with its STT and the period total, and no other charge', async () => {
    const server = renderWith(<SttPage />, { '/Reports/TradeRegister': () => ({ data: register }) });
    const table = await screen.findByRole('table', { name: 'STT' });
    await within(table).findByText('INFY-EQ (NSE)');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('STT');
    expect(headers).not.toContain('Brokerage');
    expect(headers).not.toContain('Stamp duty');
    expect(within(table.querySelector('tfoot')!).getByText('7.00')).toBeDefined();
    expect(server.calls[0]!.path).toBe('/Reports/TradeRegister');
  });

  it('shows brokerage with its GST, and the empty state for a period without trades', async () => {
    renderWith(<BrokeragePage />, { '/Reports/TradeRegister': () => ({ data: { ...register, trades: [] } }) });
    expect(await screen.findByText('No trades in this period.')).toBeDefined();
    const headers = within(screen.getByRole('table', { name: 'Brokerage' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Brokerage', 'GST']));
  });
});

describe('Client Master (/home/clientmaster)', () => {
  it("shows the client's own details as the server masked them, and the demat accounts", async () => {
    renderWith(<ClientMasterPage />, {
      '/Reports/ClientMaster': () => ({
        data: {
          userId: 'DEMO1',
          name: 'Aarav Sharma',
          pan: 'XXXXXX234F',
          mobile: 'XXXXXX3210',
          email: 'aa***@example.in',
          segments: ['Equity', 'F&O'],
          demats: [
            {
              depository: 'CDSL',
              dpId: '12081600',
              account: 'XXXXXXXXXXXX0001',
              poa: true,
              bank: 'HDFC Bank',
              bankAccount: 'XXXXXXXX7801',
            },
          ],
          since: '01/04/2024',
        },
      }),
    });
    expect(await screen.findByText('XXXXXX234F')).toBeDefined();
    expect(screen.getByText('Equity, F&O')).toBeDefined();
    const row = screen.getByText('XXXXXXXXXXXX0001').closest('tr')!;
    expect(within(row).getByText('Yes')).toBeDefined();
  });

  it("shows the server's message when the record cannot be read", async () => {
    renderWith(<ClientMasterPage />, {
      '/Reports/ClientMaster': () => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
  });
});

describe('Demat Holdings (/home/dematholdings)', () => {
  const holding = (displaySym: string, isin: string, qty: number, closePrice: string) => ({
    sym: { id: displaySym, exc: 'NSE', exc_seg: 'nse_cm', instr: 'STK', xSym: displaySym },
    displaySym,
    companyName: displaySym,
    isin,
    streamSym: displaySym,
    qty,
    // 10 pledged and 5 bought today (T1): the rest free.
    freeQty: qty - 15,
    t1Qty: 5,
    pledgedQty: 10,
    avgPrice: '1412.35',
    ltp: '1500.00',
    closePrice,
    currentValue: '0.00',
    investedValue: '0.00',
    pnl: '0.00',
    dayChange: '0.00',
    poa: true,
    edisApprovedQty: 0,
  });

  it('lists each security with its quantities, valued at the closing price, and the total in lakh grouping', async () => {
    renderWith(<DematHoldingsPage />, {
      '/Account/HoldingsSummary': () => ({
        data: {
          holdings: [holding('RELIANCE', 'INE002A01018', 50, '1518.10'), holding('ITC', 'INE154A01025', 200, '415.60')],
          totals: { investedValue: '0.00', currentValue: '0.00', pnl: '0.00', dayChange: '0.00' },
        },
      }),
    });
    const row = (await screen.findByText('INE002A01018')).closest('tr')!;
    expect(within(row).getByText('75,905.00')).toBeDefined();
    expect(within(row).getByText('35')).toBeDefined();
    expect(within(row).getByText('5')).toBeDefined();
    // 50 x 1518.10 + 200 x 415.60
    expect(within(document.querySelector('tfoot')!).getByText('1,59,025.00')).toBeDefined();

    // The CSV carries each value as exact rupees (integer paise written out, no binary fractions).
    const downloads = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.saved.map((d) => d.fileName)).toEqual(['demat-holdings.csv']);
    const csv = await downloads.saved[0]!.blob.text();
    expect(csv).toContain('75905.00');
    expect(csv).toContain('83120.00');
    downloads.restore();
  });
});
