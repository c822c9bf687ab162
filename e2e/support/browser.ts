import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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

/** Saves a screenshot under e2e/screenshots (git-ignored) for a person to look at. */
export async function snapshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotsDir, { recursive: true });
  const file = path.join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
