import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { looks } from '../support/browser.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { browserSuite } from '../support/suite.ts';

describe('calculators in the browser', () => {
  const s = browserSuite();

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

  it('DEMO1 values a call and a put, and the volatility a premium implies, from the header', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Calculators' }).click();
    await page.getByRole('menuitem', { name: 'Option Calculator' }).click();
    await page.getByRole('heading', { name: 'Option Calculator', level: 1 }).waitFor();
    const fill = (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
    await fill('Underlying price', '42');
    await fill('Strike price', '40');
    await fill('Days to expiry', '183');
    await fill('Volatility (% a year)', '20');
    await fill('Interest rate (% a year)', '10');
    await page.getByRole('button', { name: 'CALCULATE' }).click();
    const result = page.getByRole('region', { name: 'Theoretical value' });
    // Hull's textbook example (S 42, K 40, 10%, 20%, half a year): call 4.76, put 0.81; 183 days of 365 here.
    expect(await result.getByTestId('call-price').textContent()).toBe('4.77');
    expect(await result.getByTestId('put-price').textContent()).toBe('0.81');
    await fill('Market premium (optional)', '5.20');
    await page.getByRole('button', { name: 'CALCULATE' }).click();
    const implied = (await result.getByTestId('implied-volatility').textContent()) ?? '';
    expect(implied).toMatch(/^\d+\.\d{2} %$/);
    // A dearer call than the one at 20% implies a higher volatility.
    expect(Number(implied.replace(' %', ''))).toBeGreaterThan(20);
    await looks(page, 'option-calculator');
  });

  it('DEMO1 fills the option calculator from a listed NIFTY put and sees it valued at its own premium', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'FILL FROM AN OPTION' }).click();
    const dialog = page.getByRole('dialog', { name: 'FILL FROM AN OPTION' });
    await dialog.getByRole('button', { name: 'Option', exact: true }).click();
    await dialog.getByRole('searchbox', { name: 'Search scrips' }).fill('nifty');
    await dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().click();
    await dialog.getByText('Put', { exact: true }).click();
    await dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().click();
    const filledFrom = page.getByTestId('filled-from');
    await filledFrom.waitFor();
    expect(await filledFrom.textContent()).toMatch(/^Filled from NIFTY .* PE at its last price$/);
    const value = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
    expect(Number(await value('Underlying price'))).toBeGreaterThan(10_000);
    expect(await value('Strike price')).toMatch(/^\d+\.\d{2}$/);
    expect(await page.getByRole('radio', { name: 'Put' }).getAttribute('aria-checked')).toBe('true');
    const premium = await value('Market premium (optional)');
    if (premium !== '') {
      // Valued at the volatility its premium implies, the put is worth that premium again, within rounding.
      const result = page.getByRole('region', { name: 'Theoretical value' });
      await result.getByTestId('put-price').waitFor();
      const paise = (text: string) => Number(text.replace(/,/g, '').replace('.', ''));
      const valued = paise((await result.getByTestId('put-price').textContent()) ?? '');
      expect(Math.abs(valued - paise(premium))).toBeLessThanOrEqual(Math.max(5, paise(premium) / 200));
    }
    await looks(page, 'option-calculator-filled');
  });

  it('DEMO1 margins a NIFTY future bought and a NIFTY option sold in the SPAN calculator, and the total adds up', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Calculators' }).click();
    await page.getByRole('menuitem', { name: 'Span Calculator' }).click();
    await page.getByRole('heading', { name: 'Span Calculator', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Add a position' });
    const pick = async (label: string, value: string | null) => {
      const select = form.getByLabel(label, { exact: true });
      const option =
        value === null ? select.locator('option:not([value=""])').first() : select.locator(`option[value="${value}"]`);
      await option.waitFor({ state: 'attached' });
      await select.selectOption((await option.getAttribute('value')) ?? '');
    };
    const add = async (kind: string, side: 'BUY' | 'SELL', lots: string, contract: boolean) => {
      await pick('Instrument', kind);
      await pick('Symbol', 'NIFTY');
      await pick('Expiry', null);
      if (contract) await pick('Contract', null);
      await form.getByRole('radio', { name: side }).click();
      await form.getByLabel('Lots', { exact: true }).fill(lots);
      await form.getByRole('button', { name: 'ADD' }).click();
    };
    await add('NFO FUTIDX', 'BUY', '2', false);
    await add('NFO OPTIDX', 'SELL', '1', true);
    const table = page.getByRole('table', { name: 'Span Calculator' });
    await table.getByRole('row').nth(2).waitFor();
    await page.getByTestId('span-total').waitFor();
    const paise = (text: string | null) => Number((text ?? '').replace(/[,.]/g, ''));
    const totals = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.children[7]?.textContent ?? ''));
    expect(totals).toHaveLength(2);
    expect(totals.every((total) => paise(total) > 0)).toBe(true);
    expect(paise(await page.getByTestId('span-total').textContent())).toBe(
      totals.reduce((sum, total) => sum + paise(total), 0),
    );
    await looks(page, 'span-calculator');
  });
});
