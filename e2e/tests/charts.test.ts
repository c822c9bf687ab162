import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { looks, snapshot } from '../support/browser.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { goTo } from '../support/trading.ts';
import { browserSuite } from '../support/suite.ts';

/** Where the chart screen's screenshots go for a person to judge (light and dark at 1366 px, and 1920 px). */
const SHOTS = '/tmp/charts-shots';

/** A price as the app shows it: Indian grouping, 2 decimals. */
const PRICE = String.raw`[\d,]+\.\d{2}`;
const HUD_FIGURES = new RegExp(`O${PRICE}H${PRICE}L${PRICE}C${PRICE}V[\\d,]+`);

/** Where the chart popup's screenshot goes (1366 px). */
const POPUP_SHOTS = '/tmp/popup-shots';

const hud = (within: Page | Locator) => within.getByRole('group', { name: 'Bar values' });
const hudText = async (page: Page) => (await hud(page).textContent()) ?? '';
const pressed = async (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
/** Everything the browser keeps for the app, as stored (sealed: platform.md 3.4), to see whether anything was saved. */
const stored = (page: Page) =>
  page.evaluate(() => JSON.stringify(Object.entries(window.localStorage).sort(([a], [b]) => a.localeCompare(b))));

/**
 * From now on, the texts the page draws on canvases, each with where its left end falls (CSS pixels from the canvas's
 * left edge, whatever the alignment): the time axis's labels are drawn there.
 */
async function recordCanvasTexts(page: Page): Promise<() => Promise<{ text: string; left: number }[]>> {
  await page.evaluate(() => {
    const drawn: { text: string; left: number }[] = [];
    (window as unknown as { drawnTexts: typeof drawn }).drawnTexts = drawn;
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
      const width = this.measureText(text).width;
      const offset =
        this.textAlign === 'center' ? width / 2 : this.textAlign === 'right' || this.textAlign === 'end' ? width : 0;
      drawn.push({ text, left: (this.getTransform().a * (x - offset)) / devicePixelRatio });
      fillText.call(this, text, x, y, maxWidth);
    };
  });
  return () => page.evaluate(() => (window as unknown as { drawnTexts: { text: string; left: number }[] }).drawnTexts);
}

describe('the Charts screen in the browser (investing.md "Charts", 4 "Chart")', () => {
  const s = browserSuite();

  it('DEMO1 sees RELIANCE candles drawn with the bar values in the heads-up display', async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    await goTo(page, '/home/charts');
    await expect.poll(() => hudText(page), { timeout: 20_000 }).toMatch(HUD_FIGURES);
    // The quote names the symbol (until it answers, the symbol object's trading symbol stands in).
    await expect.poll(() => hudText(page)).toMatch(/^RELIANCE · 1 day · NSE/);
    const chart = page.getByRole('img', { name: 'Charts: RELIANCE' });
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    expect(await pressed(page, '1Y')).toBe('true');
    expect(await page.getByRole('button', { name: 'BUY' }).isVisible()).toBe(true);
    // The crosshair over the chart shows that bar's values.
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await expect.poll(() => hudText(page)).toMatch(HUD_FIGURES);
    await page.mouse.move(box.x + box.width / 2, box.y - 60);
    await looks(page, 'charts-1y-candles', SHOTS);
  });

  it('switches to 5Y and a line, keeps slot 2 apart, and finds both restored after a reload', async () => {
    const { page } = s;
    await page.getByRole('button', { name: '5Y', exact: true }).click();
    await expect.poll(() => hudText(page), { timeout: 15_000 }).toMatch(/^RELIANCE · 1 week · NSE/);
    await page.getByRole('button', { name: 'Chart type: Candle' }).click();
    await page.getByRole('menuitem', { name: 'Line' }).click();
    await page.getByRole('button', { name: 'Chart type: Line' }).waitFor();

    await page.getByRole('tab', { name: 'Chart 2' }).click();
    await expect.poll(() => pressed(page, '1Y'), { timeout: 15_000 }).toBe('true');
    await page.getByRole('button', { name: '3M', exact: true }).click();
    await page.getByRole('button', { name: 'Studies', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search studies' }).fill('volume');
    await page.getByRole('button', { name: /^Volume/ }).click();
    await page.getByRole('button', { name: 'Studies', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search studies' }).fill('RELATIVE');
    await page.getByRole('button', { name: /^Relative Strength Index/ }).click();
    const beforeLastChange = await stored(page);
    await page.getByRole('button', { name: 'Studies', exact: true }).click();
    await page.getByRole('button', { name: /^Bollinger Bands/ }).click();
    await expect.poll(() => hudText(page), { timeout: 15_000 }).toMatch(HUD_FIGURES);
    await page.getByRole('list', { name: 'Studies' }).getByText('RSI (14)').waitFor();
    // Saved to browser storage 500 ms after the last change (investing.md 9); the reload below finds what was saved.
    await expect.poll(() => stored(page), { timeout: 5_000 }).not.toBe(beforeLastChange);
    await page.waitForTimeout(800);
    await looks(page, 'charts-3m-studies', SHOTS);

    await page.reload();
    await expect.poll(() => hudText(page), { timeout: 20_000 }).toMatch(HUD_FIGURES);
    expect(await page.getByRole('tab', { name: 'Chart 1' }).getAttribute('aria-selected')).toBe('true');
    expect(await pressed(page, '5Y')).toBe('true');
    expect(await page.getByRole('button', { name: 'Chart type: Line' }).count()).toBe(1);
    await expect.poll(() => hudText(page)).toMatch(/^RELIANCE · 1 week · NSE/);

    await page.getByRole('tab', { name: 'Chart 2' }).click();
    await expect.poll(() => pressed(page, '3M'), { timeout: 15_000 }).toBe('true');
    expect(await page.getByRole('button', { name: 'Chart type: Candle' }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Studies' }).textContent()).toBe('VolumeRSI (14)BB (20)');
  });

  it('opens a watchlist row in the chart popup (platform.md 2.8), which Escape closes and which saves no slot', async () => {
    const { page } = s;
    const before = await stored(page);
    await goTo(page, '/home/watchlist');
    const pane = page.getByRole('region', { name: 'Watchlist pane 1' });
    await pane.getByRole('button', { name: 'Chart of RELIANCE' }).click();
    const popup = page.getByRole('dialog', { name: 'Chart · RELIANCE' });
    await expect.poll(async () => (await hud(popup).textContent()) ?? '', { timeout: 20_000 }).toMatch(HUD_FIGURES);
    expect(await popup.getByRole('img', { name: 'Charts: RELIANCE' }).locator('canvas').count()).toBeGreaterThan(0);
    expect(await popup.getByRole('button', { name: '1Y', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // Small view: no BUY or SELL in the popup.
    expect(await popup.getByRole('button', { name: 'BUY' }).count()).toBe(0);
    await page.waitForTimeout(500);
    await snapshot(page, 'chart-popup-1366', POPUP_SHOTS);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/home/watchlist');
    expect(await stored(page)).toBe(before);
  });

  it("charts an MCX contract chosen from the symbol search's Commodity tab, its 1D over MCX's session", async () => {
    const { page } = s;
    await goTo(page, '/home/charts');
    await expect.poll(() => hudText(page), { timeout: 20_000 }).toMatch(/^RELIANCE/);
    await page.getByRole('button', { name: 'Change symbol (now RELIANCE)' }).click();
    const search = page.getByRole('dialog', { name: 'Search symbol' });
    await search.getByRole('tab', { name: 'Commodity' }).click();
    await search.getByRole('searchbox').fill('GOLD');
    // A commodity row is the chart's to take (trading.md 2.7), not barred as the watchlist's chart button is.
    const gold = search.getByRole('option', { name: /^GOLD \w{3} FUT/ }).first();
    expect(await gold.getAttribute('aria-disabled')).toBeNull();
    const name = ((await gold.locator('span span').first().textContent()) ?? '').replace(/MCX$/, '');
    await gold.click();
    await expect.poll(() => hudText(page), { timeout: 20_000 }).toMatch(new RegExp(`^${name} · 1 \\w+ · MCX`));
    // investing.md "Charts": no BUY or SELL for commodity, and no 5Y.
    expect(await page.getByRole('button', { name: 'BUY' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '5Y', exact: true }).isDisabled()).toBe(true);
    const drawnTexts = await recordCanvasTexts(page);
    await page.getByRole('button', { name: '1D', exact: true }).click();
    await expect.poll(() => hudText(page), { timeout: 20_000 }).toMatch(new RegExp(`^${name} · 1 minute · MCX`));
    await expect.poll(() => hudText(page)).toMatch(HUD_FIGURES);
    await page.waitForTimeout(500);
    // MCX's session opens on the hour, so its first bar may carry a label (09:00): every time label lies whole inside
    // the time axis, none cut at the chart's left edge. Which hours are labelled follows the bars' count, that is the
    // time of day the test runs at, so no one label is required.
    const timeLabels = (await drawnTexts()).filter((drawn) => /^\d\d:\d\d$/.test(drawn.text));
    expect(timeLabels.length).toBeGreaterThan(0);
    expect(timeLabels.filter((label) => label.left < -0.5)).toEqual([]);
    await looks(page, 'charts-mcx-1d', SHOTS);
  });
});
