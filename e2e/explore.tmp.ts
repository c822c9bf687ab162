import { chromium } from 'playwright-core';
import { signIn } from './support/auth.ts';
import { acknowledgeRisk } from './support/risk-disclosure.ts';
import { goTo } from './support/trading.ts';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ baseURL: 'http://127.0.0.1:8084', viewport: { width: 1366, height: 768 } });
const errors: string[] = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
await signIn(page, 'DEMO1');
await acknowledgeRisk(page);
await page.waitForTimeout(2500);
await page.screenshot({ path: `/tmp/tour-dashboard.png` });
for (const path of process.argv.slice(2)) {
  await goTo(page, `/home/${path}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/tour-${path}.png` });
}
console.log(errors.join('\n'));
await browser.close();
