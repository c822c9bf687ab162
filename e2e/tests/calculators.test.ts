import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { looks, openPage, type BrowserSession } from '../support/browser.ts';
import { acknowledgeRisk } from '../support/trading.ts';

describe('calculators in the browser', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openPage();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('DEMO1 opens the cost of carry calculator from the header and works out a future', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await page.getByRole('button', { name: 'Calculators' }).click();
    await page.getByRole('menuitem', { name: 'Cost of Carry Calculator' }).click();
    await page.getByRole('heading', { name: 'Cost of Carry Calculator', level: 1 }).waitFor();
    await page.getByLabel('Spot price', { exact: true }).fill('24000');
    await page.getByLabel('Futures price', { exact: true }).fill('24150');
    await page.getByLabel('Days to expiry', { exact: true }).fill('30');
    await page.getByRole('button', { name: 'CALCULATE' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    expect(await result.getByTestId('annualisedPercent').textContent()).toBe('7.60');
    expect(await result.getByTestId('fairValue').textContent()).toBe('24,128.22');
    await looks(page, 'cost-of-carry');
  });

  it('DEMO1 works out the margin and charges of 10 RELIANCE for delivery against the real server', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Calculators' }).click();
    await page.getByRole('menuitem', { name: 'Margin Calculator' }).click();
    await page.getByRole('heading', { name: 'Margin Calculator', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'SELECT SCRIP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Scrip' });
    await dialog.getByRole('searchbox', { name: 'Search scrips' }).fill('reliance');
    await dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().click();
    await page.getByTestId('calculator-scrip').waitFor();
    expect(await page.getByTestId('calculator-scrip').textContent()).toContain('RELIANCE');
    const price = await page.getByLabel('Price', { exact: true }).inputValue();
    await page.getByLabel('Quantity', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'CALCULATE' }).click();
    const result = page.getByRole('region', { name: 'Margin' });
    await result.getByTestId('required-margin').waitFor();
    // Delivery blocks the full value: 10 x the price, to the paisa.
    const [rupees, paise = '00'] = price.split('.');
    const value = BigInt(rupees!) * 100n + BigInt(paise.padEnd(2, '0').slice(0, 2));
    const expected = (value * 10n).toString();
    const shown = (await result.getByTestId('required-margin').textContent())!.replace(/,/g, '').replace('.', '');
    expect(shown).toBe(expected);
    expect(Number((await result.getByTestId('charge-total').textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);
    await looks(page, 'margin-calculator');
  });
});
