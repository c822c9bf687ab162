import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { relianceQuote } from '../charts/testing/chart-fixtures.ts';
import { reliance } from '../search/testing/search-fixtures.ts';
import { MarginCalculatorPage } from './MarginCalculatorPage.tsx';

const quote = { ...relianceQuote, lot: 1, tickSize: '0.05', dpr: '1363.55 - 1666.55' };
const chargesAnswer = {
  brokerage: '0.00',
  stt: '1.52',
  sttPercent: '0.1',
  gstOnBrokerage: '0.01',
  gstPercent: '18',
  transactionCharge: '0.05',
  transactionChargePercent: '0.00297',
  sebiFee: '0.00',
  sebiFeePercent: '0.0001',
  stampDuty: '0.23',
  stampDutyPercent: '0.015',
  total: '1.81',
};

function renderPage(available: string) {
  const server = fakeServer({
    '/Trade/SymbolSearch': () => ({ data: { searchResults: [reliance] } }),
    '/Market/GetQuote': () => ({ data: { quote } }),
    '/Trade/CheckMargin': () => ({ data: { requiredMargin: '1515050.00', availableMargin: available } }),
    '/Trade/Charges': () => ({ data: { charges: chargesAnswer } }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MarginCalculatorPage />
      <DialogHost />
    </QueryClientProvider>,
  );
  return server;
}

async function chooseReliance() {
  await userEvent.click(screen.getByRole('button', { name: 'SELECT SCRIP' }));
  const dialog = await screen.findByRole('dialog', { name: 'Select Scrip' });
  await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search scrips' }), 'reliance');
  const results = await within(dialog).findByRole('listbox', { name: 'Search results' });
  await userEvent.click(within(results).getAllByRole('option')[0]!);
  await screen.findByTestId('calculator-scrip');
}

beforeEach(() => sessionStore.signIn(loginFixture({ equity_flag: 'Y' })));
afterEach(() => {
  act(() => closeAllDialogs());
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('Margin Calculator (/home/margincalculator)', () => {
  it('starts at one share at the last price for delivery and shows the margin, what is left and the charges', async () => {
    const server = renderPage('2000000.00');
    await chooseReliance();
    expect((screen.getByLabelText('Price', { selector: 'input' }) as HTMLInputElement).value).toBe('1515.05');
    await userEvent.clear(screen.getByLabelText('Quantity', { selector: 'input' }));
    await userEvent.type(screen.getByLabelText('Quantity', { selector: 'input' }), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect((await screen.findByTestId('required-margin')).textContent).toBe('15,15,050.00');
    expect(screen.getByText('Left after this order')).toBeDefined();
    expect(screen.getByTestId('margin-left').textContent).toBe('4,84,950.00');
    expect(screen.getByTestId('charge-total').textContent).toBe('1.81');
    const margin = server.calls.find((call) => call.path === '/Trade/CheckMargin');
    expect(margin?.data).toMatchObject({ qty: '1000', ordAction: 'buy', limitPrice: '1515.05', prdType: 'CASH', ordType: 'limit' });
    const charged = server.calls.find((call) => call.path === '/Trade/Charges');
    expect(charged?.data).toMatchObject({ exchange: 'NSE', product: 'NRML', quantity: '1000', transactionType: 'buy' });
  });

  it('calls a shortfall a shortfall, and sends the side and product chosen', async () => {
    const server = renderPage('15050.00');
    await chooseReliance();
    await userEvent.click(screen.getByRole('radio', { name: 'SELL' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Product' }), 'INTRADAY');
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect((await screen.findByTestId('margin-left')).textContent).toBe('15,00,000.00');
    expect(screen.getByText('Shortfall')).toBeDefined();
    expect(server.calls.find((call) => call.path === '/Trade/CheckMargin')?.data).toMatchObject({ ordAction: 'sell', prdType: 'INTRADAY' });
  });

  it("refuses a quantity the order entry would refuse, with the order entry's message, and asks nothing", async () => {
    const server = renderPage('1.00');
    await chooseReliance();
    await userEvent.clear(screen.getByLabelText('Quantity', { selector: 'input' }));
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter valid Quantity');
    await userEvent.type(screen.getByLabelText('Quantity', { selector: 'input' }), '5');
    await userEvent.clear(screen.getByLabelText('Price', { selector: 'input' }));
    await userEvent.type(screen.getByLabelText('Price', { selector: 'input' }), '1515.03');
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect(screen.getByRole('alert').textContent).toBe('Price should be multiple of Tick Size which is ₹ 0.05');
    expect(server.paths()).not.toContain('/Trade/CheckMargin');
  });
});
