import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { IndexSelectionForm } from './IndexSelection.tsx';
import { visibleTickers } from './rotation.ts';
import { getTickerSelection, saveTickerSelection } from './ticker-selection.ts';

describe('header index tickers (platform.md 2.4, 5, 9)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    saveTickerSelection(['NIFTY 50', 'SENSEX']);
  });

  it('shows two slots and rotates through three chosen indices', () => {
    expect(visibleTickers(['A', 'B'], 7)).toEqual(['A', 'B']);
    expect(visibleTickers(['A'], 3)).toEqual(['A']);
    expect([0, 1, 2, 3].map((step) => visibleTickers(['A', 'B', 'C'], step))).toEqual([
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'A'],
      ['A', 'B'],
    ]);
  });

  it('refuses a fourth index and an empty choice with the spec messages', async () => {
    const user = userEvent.setup();
    render(<IndexSelectionForm />);
    await user.click(screen.getByRole('checkbox', { name: /NIFTY BANK/ }));
    await user.click(screen.getByRole('checkbox', { name: /NIFTY IT/ }));
    expect(screen.getByRole('alert').textContent).toBe('Only three indices can be selected');
    expect((screen.getByRole('checkbox', { name: /NIFTY IT/ }) as HTMLInputElement).checked).toBe(false);
    for (const name of [/NIFTY 50/, /^SENSEX/, /NIFTY BANK/]) await user.click(screen.getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(screen.getByRole('alert').textContent).toBe('Min one indices should be selected');
    expect(getTickerSelection()).toEqual(['NIFTY 50', 'SENSEX']);
  });

  it('saves a valid choice for the header', async () => {
    const user = userEvent.setup();
    render(<IndexSelectionForm />);
    await user.click(screen.getByRole('checkbox', { name: /INDIA VIX/ }));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(getTickerSelection()).toEqual(['NIFTY 50', 'SENSEX', 'INDIA VIX']);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(saveTickerSelection([])).toBe('Min one indices should be selected');
  });
});
