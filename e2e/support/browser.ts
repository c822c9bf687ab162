import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { repoRoot } from './server.ts';

export const screenshotsDir = path.join(repoRoot, 'e2e', 'screenshots');

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  close(): Promise<void>;
}

export async function openPage(options: { baseUrl?: string; viewport?: { width: number; height: number } } = {}): Promise<BrowserSession> {
  const browser = await launchBrowser();
  const baseUrl = options.baseUrl ?? inject('baseUrl');
  const context = await browser.newContext({ baseURL: baseUrl, viewport: options.viewport ?? { width: 1366, height: 768 } });
  const page = await context.newPage();
  return { browser, context, page, baseUrl, close: () => browser.close() };
}

/** Saves a screenshot under e2e/screenshots (git-ignored), or another folder, for a person to look at. */
export async function snapshot(page: Page, name: string, dir = screenshotsDir): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * The screen in both themes at 1366x768 and 1920x1080 (STYLE.md "Look and feel"), ending on dark 1366x768. A resize is
 * given a moment to settle (a canvas chart refits itself on the next frame).
 */
export async function looks(page: Page, name: string, dir = screenshotsDir): Promise<void> {
  const theme = (value: string) => page.evaluate((v) => document.documentElement.setAttribute('data-theme', v), value);
  const resize = async (width: number, height: number) => {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
  };
  await snapshot(page, `${name}-1366-dark`, dir);
  await theme('light');
  await snapshot(page, `${name}-1366-light`, dir);
  await resize(1920, 1080);
  await snapshot(page, `${name}-1920-light`, dir);
  await theme('dark');
  await snapshot(page, `${name}-1920-dark`, dir);
  await resize(1366, 768);
}

/**
 * The texts of the elements matching `selector` that are wider than their box's content (less its padding): a figure
 * that runs into its neighbour or is cut off. `shown` counts the non-empty ones measured.
 */
export async function squeezedTexts(page: Page, selector: string): Promise<{ shown: number; squeezed: string[] }> {
  return page.evaluate((query) => {
    const boxes = Array.from(document.querySelectorAll<HTMLElement>(query)).filter((box) => box.textContent);
    const squeezed = boxes.filter((box) => {
      const text = document.createRange();
      text.selectNodeContents(box);
      const style = getComputedStyle(box);
      const room = box.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return text.getBoundingClientRect().width > room + 0.5;
    });
    return { shown: boxes.length, squeezed: squeezed.map((box) => box.textContent ?? '') };
  }, selector);
}

/**
 * Whether the table holding `row` is wider than its scrolling box, whether every one of `controls` lies whole inside
 * that box (a pinned actions column stays in view while the figures scroll under it), and whether the first control's
 * cell draws the pinned column's edge (only while something scrolls under it).
 */
async function controlsInView(row: Locator, controls: Locator[]): Promise<{ wider: boolean; fits: boolean; edge: boolean }> {
  const table = row.page().locator('table').filter({ has: row });
  const { width } = (await table.boundingBox())!;
  const scroller = await table.evaluate((t) => t.parentElement!.getBoundingClientRect().toJSON() as DOMRect);
  const boxes = await Promise.all(controls.map((control) => control.boundingBox()));
  const edge = await controls[0]!.evaluate((control) => getComputedStyle(control.closest('td')!).boxShadow !== 'none');
  return {
    wider: width > scroller.width,
    fits: boxes.every((b) => b !== null && b.x >= scroller.left && b.x + b.width <= scroller.right),
    edge,
  };
}

/**
 * `controlsInView` at 1366 px, where every column fits, and in a window too narrow for them (1100 px), where the
 * figures scroll under the pinned actions; the page is left at 1366.
 */
export async function controlsInViewAtBothWidths(page: Page, row: Locator, controls: Locator[]) {
  const atLaptop = await controlsInView(row, controls);
  await page.setViewportSize({ width: 1100, height: 768 });
  const narrow = await controlsInView(row, controls);
  await page.setViewportSize({ width: 1366, height: 768 });
  return { atLaptop, narrow };
}
