import { describe, expect, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

/** The section 5 messages of platform.md not covered by the login, recovery, security and payment tests. */
describe('platform.md 5 validation messages in the browser', () => {
  const s = browserSuite();

  async function errorDialogText(): Promise<string> {
    const dialog = s.page.getByRole('alertdialog');
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    return text;
  }

  it('checks the PAN-only field of forgot client id', async () => {
    await s.page.goto('/base/forgot-client-id');
    await s.page.getByRole('button', { name: 'CONTINUE' }).click();
    expect(await errorDialogText()).toContain('Please enter valid PAN');
    await s.page.getByLabel('PAN').fill('ABCDE');
    await s.page.getByLabel('Registered Mobile Number').fill('9876500001');
    await s.page.getByRole('button', { name: 'CONTINUE' }).click();
    expect(await errorDialogText()).toContain('Length of PAN should be 10 characters');
  });

  it('keeps one to three header indices', async () => {
    await signIn(s.page, 'DEMO2');
    await s.page.goto('/home/settings');
    const group = s.page.getByRole('group', { name: 'Indices shown in the header (one to three)' });
    await group.waitFor();
    const boxes = group.getByRole('checkbox');
    const count = await boxes.count();
    for (let i = 0; i < count; i++) {
      if (await boxes.nth(i).isChecked()) await boxes.nth(i).uncheck();
    }
    await s.page.getByRole('button', { name: 'SAVE' }).click();
    await expect(s.page.getByRole('alert').textContent()).resolves.toBe('Min one indices should be selected');
    for (let i = 0; i < 3; i++) await boxes.nth(i).check();
    await boxes.nth(3).click();
    await expect(s.page.getByRole('alert').textContent()).resolves.toBe('Only three indices can be selected');
    expect(await boxes.nth(3).isChecked()).toBe(false);
    await snapshot(s.page, 'validation-index-selection');
  });
});
