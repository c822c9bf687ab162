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
});
