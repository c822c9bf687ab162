import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, snapshot, type BrowserSession } from '../support/browser.ts';

describe('unknown paths in a real browser', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openPage();
  });
  afterAll(() => s.close());

  it('shows the 404 page for an unknown top-level path', async () => {
    await s.page.goto('/no/such/page');
    await expect(s.page.getByRole('heading', { name: '404! Page not found!' }).isVisible()).resolves.toBe(true);
    await snapshot(s.page, 'not-found');
  });
});
