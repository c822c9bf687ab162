import { describe, expect, it } from 'vitest';
import { snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

describe('unknown paths in a real browser', () => {
  const s = browserSuite();

  it('shows the 404 page for an unknown top-level path', async () => {
    await s.page.goto('/no/such/page');
    await expect(s.page.getByRole('heading', { name: '404! Page not found!' }).isVisible()).resolves.toBe(true);
    await snapshot(s.page, 'not-found');
  });
});
