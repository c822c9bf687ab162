import { platformText } from '@kite/domain';
import type { Page } from 'playwright-core';

export const RISK_TITLE = platformText.riskDisclosureTitle;

/** The risk disclosure that DEMO1 (F&O enabled) sees once after signing in, acknowledged and gone from the page. */
export async function acknowledgeRisk(page: Page): Promise<void> {
  const risk = page.getByRole('dialog', { name: RISK_TITLE });
  await risk.waitFor();
  await risk.getByRole('button', { name: 'CONTINUE' }).click();
  await risk.waitFor({ state: 'detached' });
}
