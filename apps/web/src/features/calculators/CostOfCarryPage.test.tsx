import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CostOfCarryPage } from './CostOfCarryPage.tsx';

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('Cost of Carry Calculator (/home/costofcarrycalculator)', () => {
  it('works out the basis, the yearly carry and the fair value of a future', async () => {
    render(<CostOfCarryPage />);
    await fill('Spot price', '24000');
    await fill('Futures price', '24150');
    await fill('Days to expiry', '30');
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect(screen.getByTestId('basis').textContent).toBe('150.00');
    expect(screen.getByTestId('annualisedPercent').textContent).toBe('7.60');
    expect(screen.getByTestId('fairValue').textContent).toBe('24,128.22');
    expect(screen.getByTestId('premiumToFair').className).toContain('up');
  });

  it('names the field that is wrong and shows no result; an edit clears the message', async () => {
    render(<CostOfCarryPage />);
    await fill('Spot price', '24000');
    await fill('Futures price', '24150');
    await userEvent.click(screen.getByRole('button', { name: 'CALCULATE' }));
    expect(screen.getByRole('alert').textContent).toBe('Days to expiry must be a whole number from 1 to 3650');
    expect(screen.queryByTestId('basis')).toBeNull();
    await fill('Days to expiry', '10');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('RESET empties the prices and keeps the default rate', async () => {
    render(<CostOfCarryPage />);
    await fill('Spot price', '100');
    await userEvent.click(screen.getByRole('button', { name: 'RESET' }));
    expect((screen.getByLabelText('Spot price') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Interest rate (% a year)') as HTMLInputElement).value).toBe('6.50');
  });
});
