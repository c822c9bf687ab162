import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { closeAllDialogs, DialogHost } from '../../components/dialog/index.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { result, symbolObject } from '../search/testing/search-fixtures.ts';
import { OptionCalculatorPage } from './OptionCalculatorPage.tsx';

const greeks = (price: string, delta: string) => ({
  price,
  delta,
  gamma: '0.049963',
  theta: '-0.01',
  vega: '0.11',
  rho: '0.14',
});
const answer = { call: greeks('4.77', '0.7791'), put: greeks('0.81', '-0.2209'), impliedVolatility: '19.98' };

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

async function fillHull() {
  await fill('Underlying price', '42');
  await fill('Strike price', '40');
  await fill('Days to expiry', '183');
  await fill('Volatility (% a year)', '20');
  await fill('Interest rate (% a year)', '10');
}

afterEach(() => {
  act(() => closeAllDialogs());
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

const niftyPut = result({
  sym: symbolObject({
    id: '71234',
    exc: 'NFO',
    instr: 'OPTIDX',
    xSym: 'NIFTY26DEC26000PE',
    trSymbol: 'NIFTY26DEC26000PE',
  }),
  displaySym: 'NIFTY 29 DEC 26000 PE',
});

describe('Option Calculator (/home/optioncalculator)', () => {
  it('sends the figures as typed and shows the call and the put side by side', async () => {
    const server = fakeServer({
      '/Calculators/CalculateOptions': () => ({ data: { ...answer, impliedVolatility: null } }),
    });
    render(<OptionCalculatorPage />);
    await fillHull();
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect((await screen.findByTestId('call-price')).textContent).toBe('4.77');
    expect(screen.getByTestId('put-delta').textContent).toBe('-0.2209');
    expect(screen.queryByTestId('implied-volatility')).toBeNull();
    expect(server.calls[0]?.data).toEqual({
      underlyingPrice: '42',
      strikePrice: '40',
      daysToExpiry: '183',
      volatility: '20',
      interestRate: '10',
      dividendYield: '0',
      optionPremium: '',
      premiumType: 'CE',
    });
  });

  it('asks for the implied volatility of a put premium', async () => {
    const server = fakeServer({ '/Calculators/CalculateOptions': () => ({ data: answer }) });
    render(<OptionCalculatorPage />);
    await fillHull();
    await fill('Market premium (optional)', '0.81');
    await userEvent.click(screen.getByRole('radio', { name: 'Put' }));
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect((await screen.findByTestId('implied-volatility')).textContent).toBe('19.98 %');
    expect(server.calls[0]?.data).toMatchObject({ optionPremium: '0.81', premiumType: 'PE' });
  });

  it('refuses a figure before asking the server, naming it', async () => {
    const server = fakeServer({});
    render(<OptionCalculatorPage />);
    await fillHull();
    await fill('Volatility (% a year)', '0');
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect(screen.getByRole('alert').textContent).toBe('Volatility must be above 0 and at most 500 % a year');
    expect(server.calls).toHaveLength(0);
  });

  it("shows the server's refusal in the same place", async () => {
    fakeServer({
      '/Calculators/CalculateOptions': () => ({
        infoID: 'EGN006',
        infoMsg: 'Your session is no longer valid. Please login again.',
      }),
    });
    render(<OptionCalculatorPage />);
    await fillHull();
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your session is no longer valid. Please login again.');
  });

  it('fills the figures from a listed option and values it at the volatility its premium implies', async () => {
    sessionStore.signIn(loginFixture({ fno_permission: 'Y' }));
    const server = fakeServer({
      '/Trade/SymbolSearch': () => ({ data: { searchResults: [niftyPut] } }),
      '/Calculators/OptionInputs': () => ({
        data: {
          displaySym: 'NIFTY 29 DEC 26000 PE',
          underlyingPrice: '26040.15',
          strikePrice: '26000.00',
          daysToExpiry: 32,
          optionPremium: '310.50',
          premiumType: 'PE',
          volatility: '14.27',
        },
      }),
      '/Calculators/CalculateOptions': () => ({ data: answer }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OptionCalculatorPage />
        <DialogHost />
      </QueryClientProvider>,
    );
    await fill('Interest rate (% a year)', '7');
    await userEvent.click(screen.getByRole('button', { name: 'FILL FROM AN OPTION' }));
    const dialog = await screen.findByRole('dialog', { name: 'FILL FROM AN OPTION' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search scrips' }), 'nifty');
    const results = await within(dialog).findByRole('listbox', { name: 'Search results' });
    await userEvent.click(within(results).getAllByRole('option')[0]!);

    expect((await screen.findByTestId('filled-from')).textContent).toBe(
      'Filled from NIFTY 29 DEC 26000 PE at its last price',
    );
    expect(server.calls.find((call) => call.path === '/Calculators/OptionInputs')?.data).toEqual({
      exchange: 'NFO',
      trSymbol: 'NIFTY26DEC26000PE',
      interestRate: '7',
      dividendYield: '0',
    });
    expect((screen.getByLabelText('Underlying price') as HTMLInputElement).value).toBe('26040.15');
    expect((screen.getByLabelText('Days to expiry') as HTMLInputElement).value).toBe('32');
    expect((screen.getByLabelText('Volatility (% a year)') as HTMLInputElement).value).toBe('14.27');
    expect(screen.getByRole('radio', { name: 'Put' }).getAttribute('aria-checked')).toBe('true');
    // Filled with a volatility, it is valued at once: the figures shown are the ones sent.
    expect((await screen.findByTestId('put-price')).textContent).toBe('0.81');
    expect(server.calls.find((call) => call.path === '/Calculators/CalculateOptions')?.data).toEqual({
      underlyingPrice: '26040.15',
      strikePrice: '26000.00',
      daysToExpiry: '32',
      volatility: '14.27',
      interestRate: '7',
      dividendYield: '0',
      optionPremium: '310.50',
      premiumType: 'PE',
    });
  });
});
