import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { expiryLabel, SpanCalculatorPage } from './SpanCalculatorPage.tsx';

type Position = { exchange: string; trSymbol: string; side: 'buy' | 'sell'; lots: number };

const contracts: Record<
  string,
  {
    trSymbol: string;
    displaySym: string;
    strike: string | null;
    optType: 'CE' | 'PE' | null;
    lot: number;
    ltp: string;
  }[]
> = {
  FUTIDX: [
    { trSymbol: 'NIFTY25DECFUT', displaySym: 'NIFTY DEC FUT', strike: null, optType: null, lot: 75, ltp: '26210.50' },
  ],
  OPTIDX: [
    {
      trSymbol: 'NIFTY25DEC26000CE',
      displaySym: 'NIFTY DEC 26000 CE',
      strike: '26000.00',
      optType: 'CE',
      lot: 75,
      ltp: '310.25',
    },
    {
      trSymbol: 'NIFTY25DEC26000PE',
      displaySym: 'NIFTY DEC 26000 PE',
      strike: '26000.00',
      optType: 'PE',
      lot: 75,
      ltp: '95.10',
    },
  ],
};
const displayOf = (trSymbol: string) =>
  Object.values(contracts)
    .flat()
    .find((c) => c.trSymbol === trSymbol)?.displaySym ?? trSymbol;

/** Margin per lot, in paise, so totals are exact sums. */
const PER_LOT: Record<string, number> = {
  NIFTY25DECFUT: 21_600_000,
  NIFTY25DEC26000CE: 2_326_875,
  NIFTY25DEC26000PE: 18_000_000,
};
const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

function marginOf(positions: Position[]) {
  const rows = positions.map((p) => {
    const total = (PER_LOT[p.trSymbol] ?? 0) * p.lots;
    return {
      ...p,
      displaySym: displayOf(p.trSymbol),
      quantity: p.lots * 75,
      price: '1.00',
      span: rupees(total),
      exposure: '0.00',
      premium: '0.00',
      total: rupees(total),
    };
  });
  const sum = positions.reduce((acc, p) => acc + (PER_LOT[p.trSymbol] ?? 0) * p.lots, 0);
  return { positions: rows, total: { span: rupees(sum), exposure: '0.00', premium: '0.00', total: rupees(sum) } };
}

function renderPage(mine: Position[] = []) {
  const server = fakeServer({
    '/Span/GetInstruments': () => ({
      data: {
        instruments: [
          { exchange: 'NFO', instrument: 'FUTIDX' },
          { exchange: 'NFO', instrument: 'OPTIDX' },
        ],
      },
    }),
    '/Span/GetSymbols': () => ({ data: { symbols: ['BANKNIFTY', 'NIFTY'] } }),
    '/Span/GetExpiries': () => ({ data: { expiries: ['2025-12-30'] } }),
    '/Span/GetContracts': (data) => ({ data: { contracts: contracts[String(data.instrument)] ?? [] } }),
    '/Span/CalculateSpan': (data) => ({ data: marginOf(data.positions as Position[]) }),
    '/Span/CalculateSpanFromPositions': () => ({ data: marginOf(mine) }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SpanCalculatorPage />
    </QueryClientProvider>,
  );
  return server;
}

async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  await within(select).findByRole('option', { name: option });
  await userEvent.selectOptions(select, option);
}

afterEach(() => vi.unstubAllGlobals());

describe('Span Calculator (/home/spancalculator)', () => {
  it('writes expiries as contract names do', () => {
    expect(expiryLabel('2025-12-30')).toBe('30-DEC-2025');
  });

  it('adds a future and a sold option from the chained lists and totals their margin', async () => {
    const server = renderPage();
    expect(await screen.findByText('Add positions to see the margin they need.')).toBeTruthy();
    await choose('Instrument', 'NFO · Index Futures');
    await choose('Symbol', 'NIFTY');
    await choose('Expiry', '30-DEC-2025');
    await userEvent.clear(screen.getByLabelText('Lots'));
    await userEvent.type(screen.getByLabelText('Lots'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('NIFTY DEC FUT')).toBeTruthy();

    await choose('Instrument', 'NFO · Index Options');
    await choose('Symbol', 'NIFTY');
    await choose('Expiry', '30-DEC-2025');
    await choose('Contract', '26000.00 PE · 95.10');
    await userEvent.click(screen.getByRole('radio', { name: 'SELL' }));
    await userEvent.clear(screen.getByLabelText('Lots'));
    await userEvent.type(screen.getByLabelText('Lots'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('NIFTY DEC 26000 PE')).toBeTruthy();
    // 2 x 2,16,000 + 1,80,000
    expect((await screen.findByTestId('span-total')).textContent).toBe('6,12,000.00');
    const last = server.calls.filter((c) => c.path === '/Span/CalculateSpan').at(-1);
    expect(last?.data).toEqual({
      positions: [
        { exchange: 'NFO', trSymbol: 'NIFTY25DECFUT', side: 'buy', lots: 2 },
        { exchange: 'NFO', trSymbol: 'NIFTY25DEC26000PE', side: 'sell', lots: 1 },
      ],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove NIFTY DEC FUT' }));
    await waitFor(() => expect(screen.queryByText('NIFTY DEC FUT')).toBeNull());
    expect((await screen.findByTestId('span-total')).textContent).toBe('1,80,000.00');
  });

  it('reads an emptied lot count as the least, one lot (the plus/minus input keeps its minimum)', async () => {
    const server = renderPage();
    await choose('Instrument', 'NFO · Index Futures');
    await choose('Symbol', 'NIFTY');
    await choose('Expiry', '30-DEC-2025');
    await waitFor(() => expect(screen.getByRole('button', { name: 'ADD' }).hasAttribute('disabled')).toBe(false));
    await userEvent.clear(screen.getByLabelText('Lots'));
    await userEvent.click(screen.getByRole('button', { name: 'ADD' }));
    expect((await screen.findByTestId('span-total')).textContent).toBe('2,16,000.00');
    const asked = server.calls.find((c) => c.path === '/Span/CalculateSpan');
    expect(asked?.data).toEqual({ positions: [{ exchange: 'NFO', trSymbol: 'NIFTY25DECFUT', side: 'buy', lots: 1 }] });
  });

  it("loads the client's own positions, or says there are none", async () => {
    renderPage([{ exchange: 'NFO', trSymbol: 'NIFTY25DEC26000CE', side: 'buy', lots: 3 }]);
    await userEvent.click(screen.getByRole('button', { name: 'LOAD MY POSITIONS' }));
    expect(await screen.findByText('NIFTY DEC 26000 CE')).toBeTruthy();
    expect((await screen.findByTestId('span-total')).textContent).toBe('69,806.25');
  });

  it('says so when there is no open position to load', async () => {
    renderPage([]);
    await userEvent.click(screen.getByRole('button', { name: 'LOAD MY POSITIONS' }));
    expect((await screen.findByRole('status')).textContent).toBe('You have no open F&O position to load.');
  });
});
