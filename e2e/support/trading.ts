import type { Locator, Page } from 'playwright-core';

/** Client-side navigation through the router, as a menu click would do (keeps the signed-in page). */
export async function goTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(`**${path}`);
}

/** Exact decimal text ("1,23,456.70", "₹ -12.5") to paise, never through a float. */
export function toPaise(text: string | null): number {
  const clean = (text ?? '').replace(/[^0-9.-]/g, '');
  const negative = clean.startsWith('-');
  const [rupees = '0', fraction = ''] = clean.replace('-', '').split('.');
  const paise = Number(rupees || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -paise : paise;
}

/** F1 (buy) or F2 (sell) and a scrip chosen through the dialog's own search (trading.md 2.1, 2.2). */
export async function openOrderFor(
  page: Page,
  text: string,
  options: { side?: 'BUY' | 'SELL'; tab?: string; button?: string; pick?: RegExp; via?: 'keys' | 'footer' } = {},
): Promise<Locator> {
  const side = options.side ?? 'BUY';
  if (options.via === 'footer') {
    // The footer's 'Place an Order' opens a buy; the dialog's own SELL button turns it (platform.md 2.3).
    await page.getByRole('button', { name: 'Place an Order' }).click();
    await page.getByRole('dialog', { name: 'ORDER ENTRY - BUY ORDER' }).waitFor();
    if (side === 'SELL') await page.getByRole('dialog', { name: 'ORDER ENTRY - BUY ORDER' }).getByRole('button', { name: 'SELL', exact: true }).click();
  } else {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(side === 'BUY' ? 'F1' : 'F2');
  }
  const dialog = page.getByRole('dialog', { name: `ORDER ENTRY - ${side} ORDER` });
  await dialog.waitFor();
  const search = dialog.getByRole('searchbox', { name: 'Search scrips' });
  await search.click();
  if (options.tab) await dialog.getByRole('tab', { name: options.tab, exact: true }).click();
  if (options.button) await dialog.getByRole('button', { name: options.button, exact: true }).click();
  await search.fill(text);
  const results = dialog.getByRole('listbox', { name: 'Search results' });
  await results.waitFor();
  const option = options.pick ? results.getByRole('option', { name: options.pick }).first() : results.getByRole('option').first();
  await option.click();
  await dialog.locator('[data-quote="ok"]').waitFor({ timeout: 10_000 });
  await page.waitForTimeout(100);
  return dialog;
}

/** Clears a labelled numeric field and types the value key by key (the plus/minus input blocks paste, 5.6). */
export async function setField(dialog: Locator, label: string, value: string): Promise<void> {
  const input = dialog.getByLabel(label, { exact: true });
  await input.fill('');
  if (value) await input.pressSequentially(value);
}

/** The last traded price shown in the dialog, in paise. */
export async function dialogLtp(dialog: Locator): Promise<number> {
  return toPaise(await dialog.getByLabel('Last traded price').textContent());
}

/** Whole rupees as the price fields take them (a multiple of every equity tick). */
export const rupeesText = (paise: number): string => String(Math.floor(paise / 100));

/** CONFIRM ORDER expecting the 5.1 error dialog: answers its text and closes it. */
export async function placeOrderError(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
  const error = page.getByRole('alertdialog', { name: 'Place Order' });
  await error.waitFor({ timeout: 5_000 });
  const text = (await error.locator('p').textContent()) ?? '';
  await error.getByRole('button', { name: 'OK' }).click();
  await error.waitFor({ state: 'detached' });
  return text;
}

/** CONFIRM ORDER, SUBMIT ORDER, SUCCESS: answers the order id and leaves the result with OKAY (to My Orders). */
export async function submitOrder(page: Page, dialog: Locator, confirmTitle: string): Promise<string> {
  await dialog.getByRole('button', { name: 'CONFIRM ORDER' }).click();
  await page.getByRole('dialog', { name: confirmTitle }).getByRole('button', { name: 'SUBMIT ORDER' }).click();
  const result = page.getByRole('dialog', { name: 'SUCCESS' });
  await result.waitFor({ timeout: 15_000 });
  const orderId = ((await result.getByTestId('order-id').textContent()) ?? '').trim();
  await result.getByRole('button', { name: 'OKAY' }).click();
  await result.waitFor({ state: 'detached' });
  return orderId;
}
