import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
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

afterEach(() => vi.unstubAllGlobals());

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
});
