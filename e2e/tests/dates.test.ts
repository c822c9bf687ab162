import { addIsoDays, displayDate, istIsoDate } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';
import { goTo } from '../support/trading.ts';

/** Where the date picker's screenshots go for a person to judge (1366x768). */
const SHOTS = '/tmp/dates-shots';

describe('dates in the browser: the one date picker, dd/mm/yyyy (platform.md 5, 9)', () => {
  const s = browserSuite({ signedInAs: 'DEMO1' });

  it('SEP: the start date is picked in the date picker, which opens inside the window over the footer, and is shown dd/mm/yyyy', async () => {
    const { page } = s;
    await goTo(page, '/home/sep');
    await page.getByRole('heading', { name: 'START SEP' }).waitFor();
    const today = istIsoDate(Date.now());
    const start = page.getByRole('textbox', { name: 'Start date' });
    expect(await start.inputValue()).toBe(displayDate(addIsoDays(today, 1)));

    await page.getByRole('button', { name: 'Choose Start date' }).click();
    const popup = page.getByRole('dialog', { name: 'Start date' });
    await popup.waitFor();
    await snapshot(page, 'sep-date-picker-1366', SHOTS);
    // Whole inside the window, and on top: the point at each corner of the popup is the popup's, not the footer's.
    const box = (await popup.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    const onTop = await popup.evaluate((element) => {
      const r = element.getBoundingClientRect();
      const points: [number, number][] = [
        [r.left + 4, r.top + 4],
        [r.right - 4, r.bottom - 4],
      ];
      return points.every(([x, y]) => element.contains(document.elementFromPoint(x, y)));
    });
    expect(onTop).toBe(true);

    // Today is before the earliest allowed day (tomorrow), so it cannot be picked when it is shown.
    const picked = addIsoDays(today, 3);
    if (picked.slice(0, 7) !== addIsoDays(today, 1).slice(0, 7))
      await popup.getByRole('button', { name: /next month/i }).click();
    await popup.locator(`[data-day="${picked}"] button`).click();
    await popup.getByRole('button', { name: 'OK' }).click();
    expect(await start.inputValue()).toBe(displayDate(picked));
    expect(await start.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    await page.getByRole('radio', { name: 'WEEKLY' }).click();
    await page.getByLabel('Installments').selectOption('2');
    const end = displayDate(addIsoDays(picked, 7));
    expect(await page.getByRole('textbox', { name: 'End date' }).inputValue()).toBe(end);
    await page.getByRole('button', { name: 'CONFIRM ORDER' }).click();
    await page.getByRole('heading', { name: 'Confirm SEP order' }).waitFor();
    await page.getByText(displayDate(picked), { exact: true }).waitFor();
    await page.getByText(end, { exact: true }).waitFor();
    await snapshot(page, 'sep-confirm-1366', SHOTS);
  });
});
