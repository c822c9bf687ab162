import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../support/auth.ts';
import { snapshot } from '../support/browser.ts';
import { acknowledgeRisk } from '../support/risk-disclosure.ts';
import { browserSuite } from '../support/suite.ts';

const NEW_PASSWORD = 'Kite2Secure';
const PASSWORD_RULE = 'Password should be 8 to 32 characters with at least one letter and one digit';

async function openProfile(page: Page): Promise<Locator> {
  await page.goto('/home/profile');
  await page.getByRole('heading', { name: 'My Details' }).waitFor();
  const panel = page.getByRole('region', { name: 'Security' });
  await panel.waitFor();
  return panel;
}

/** Fills the dialog's fields by label (blank clears), presses its submit button and reads the message under them. */
async function submitForAlert(dialog: Locator, values: Record<string, string>, button: string): Promise<string> {
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: button }).click();
  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

/** Reads and closes a message dialog (header 'Message', 'Error' or 'CDSL Message'). */
async function readMessage(page: Page, header: string): Promise<string> {
  const dialog = page.getByRole('alertdialog', { name: header });
  await dialog.waitFor();
  const text = (await dialog.locator('p').first().textContent()) ?? '';
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
}

async function bothThemes(page: Page, name: string): Promise<void> {
  await snapshot(page, `${name}-1366-dark`);
  await setTheme(page, 'light');
  await snapshot(page, `${name}-1366-light`);
  await setTheme(page, 'dark');
}

async function tpinMailCount(page: Page): Promise<number> {
  const messages = (await (await page.request.get('/dev/outbox')).json()) as { userId?: string; body: string }[];
  return messages.filter((m) => m.userId === 'DEMO1' && m.body.includes('is your new TPIN')).length;
}

// Changing DEMO1's password and TPIN would disturb the other tests: this file runs on a server of its own.
describe('security screens in a real browser (platform.md 5, 7.2; trading.md 8)', () => {
  const s = browserSuite({ ownServer: {} });

  it("shows DEMO1's details from the login state and the security panel", async () => {
    const { page } = s;
    await signIn(page, 'DEMO1');
    await acknowledgeRisk(page);
    const panel = await openProfile(page);
    const details = page.locator('dl').first();
    expect(await details.textContent()).toContain('DEMO1');
    expect(await details.getByText('POA (power of attorney given)').isVisible()).toBe(true);
    expect(
      await details
        .getByText(/^Equity/)
        .first()
        .isVisible(),
    ).toBe(true);
    for (const name of ['CHANGE PASSWORD', 'CHANGE TPIN', 'RESET TPIN', 'FORGOT TPIN (CDSL)', 'VERIFY E-MAIL']) {
      expect(await panel.getByRole('button', { name }).isVisible()).toBe(true);
    }
    await bothThemes(page, 'security-profile');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snapshot(page, 'security-profile-1920-dark');
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('changes the password: every validation message, the server refusals, then success keeps the client signed in', async () => {
    const { page } = s;
    const panel = await openProfile(page);
    await panel.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    const submit = (values: Record<string, string>) => submitForAlert(dialog, values, 'CHANGE PASSWORD');

    expect(await submit({})).toBe('Please enter valid Password');
    await bothThemes(page, 'security-change-password');
    expect(await submit({ 'Old Password': DEMO_PASSWORD, 'New Password': NEW_PASSWORD })).toBe(
      'Please enter valid Password',
    );
    expect(await submit({ 'Confirm Password': `${NEW_PASSWORD}x` })).toBe(
      'New Password and Confirm Password do not match',
    );
    expect(await submit({ 'New Password': 'abc12', 'Confirm Password': 'abc12' })).toBe(PASSWORD_RULE);
    expect(await submit({ 'New Password': 'abcdefghij', 'Confirm Password': 'abcdefghij' })).toBe(PASSWORD_RULE);
    // The server's own refusals show in the same place.
    expect(
      await submit({ 'Old Password': 'Wrong@1234', 'New Password': NEW_PASSWORD, 'Confirm Password': NEW_PASSWORD }),
    ).toBe('Old Password is incorrect');
    expect(
      await submit({ 'Old Password': DEMO_PASSWORD, 'New Password': DEMO_PASSWORD, 'Confirm Password': DEMO_PASSWORD }),
    ).toBe('New Password should be different from Old Password');

    await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm Password', { exact: true }).press('Enter');
    expect(await readMessage(page, 'Message')).toBe('Your password has been changed successfully.');
    await dialog.waitFor({ state: 'detached' });

    // The server kept this session: a reload stays on My Details.
    await page.reload();
    await page.getByRole('heading', { name: 'My Details' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/profile');
  });

  it('logs out, refuses the old password and signs in with the new one', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'YES' }).click();
    await page.waitForURL('**/base/login');
    await page.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Client ID').fill('DEMO1');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    expect(await readMessage(page, 'Error')).toBe('Invalid Client ID or Password');

    await signIn(page, 'DEMO1', NEW_PASSWORD);
    await acknowledgeRisk(page);
  });

  it('changes the TPIN: each TPIN message, the wrong old TPIN, then success', async () => {
    const { page } = s;
    const panel = await openProfile(page);
    await panel.getByRole('button', { name: 'CHANGE TPIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change TPIN' });
    await dialog.waitFor();
    const submit = (values: Record<string, string>) => submitForAlert(dialog, values, 'CHANGE TPIN');

    expect(await submit({})).toBe('Please enter valid TPIN');
    expect(await submit({ 'Old TPIN': '123' })).toBe('Length of TPIN should be 4 characters');
    expect(await submit({ 'Old TPIN': '12a4' })).toBe('TPIN should contain only digits');
    // The boxes hold four characters at most.
    await dialog.getByLabel('New TPIN', { exact: true }).pressSequentially('567890');
    expect(await dialog.getByLabel('New TPIN', { exact: true }).inputValue()).toBe('5678');
    expect(await submit({ 'Old TPIN': '1234', 'Confirm TPIN': '5679' })).toBe('New TPIN and Confirm TPIN do not match');
    await bothThemes(page, 'security-change-tpin');
    expect(await submit({ 'Old TPIN': '9999', 'Confirm TPIN': '5678' })).toBe('Old TPIN is incorrect');

    await dialog.getByLabel('Old TPIN', { exact: true }).fill('1234');
    await dialog.getByRole('button', { name: 'CHANGE TPIN' }).click();
    expect(await readMessage(page, 'Message')).toBe('Your TPIN has been changed successfully.');
  });

  it("forgot TPIN (CDSL) answers in a 'CDSL Message' dialog and mails the new TPIN; reset TPIN too", async () => {
    const { page } = s;
    const panel = await openProfile(page);
    const before = await tpinMailCount(page);

    await panel.getByRole('button', { name: 'FORGOT TPIN (CDSL)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Forgot TPIN (CDSL)' });
    await confirm.getByRole('button', { name: 'NO' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await tpinMailCount(page)).toBe(before);

    await panel.getByRole('button', { name: 'FORGOT TPIN (CDSL)' }).click();
    await confirm.getByRole('button', { name: 'YES' }).click();
    const cdsl = page.getByRole('alertdialog', { name: 'CDSL Message' });
    await cdsl.waitFor();
    await bothThemes(page, 'security-forgot-tpin');
    expect(await readMessage(page, 'CDSL Message')).toBe('TPIN generate successfully, Kindly check your mail and SMS');
    expect(await tpinMailCount(page)).toBeGreaterThan(before);

    const afterForgot = await tpinMailCount(page);
    await panel.getByRole('button', { name: 'RESET TPIN' }).click();
    await page.getByRole('dialog', { name: 'Reset TPIN' }).getByRole('button', { name: 'YES' }).click();
    expect(await readMessage(page, 'Message')).toBe(
      'A new TPIN has been sent to your registered mobile number and e-mail.',
    );
    expect(await tpinMailCount(page)).toBeGreaterThan(afterForgot);
  });

  it('verifies the contact e-mail against the registered one', async () => {
    const { page } = s;
    const panel = await openProfile(page);
    await panel.getByRole('button', { name: 'VERIFY E-MAIL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Contact E-mail' });
    expect(await submitForAlert(dialog, { 'E-mail address': 'not-an-address' }, 'VERIFY')).toBe(
      'Please enter valid E-mail',
    );
    expect(await submitForAlert(dialog, { 'E-mail address': 'someone@example.com' }, 'VERIFY')).toBe(
      'This e-mail does not match your registered e-mail.',
    );
    await dialog.getByLabel('E-mail address').fill('DEMO1@kite-india.example');
    await dialog.getByLabel('E-mail address').press('Enter');
    const verified = dialog.getByRole('status');
    await verified.waitFor();
    expect(await verified.textContent()).toBe('E-mail verified.');
    await bothThemes(page, 'security-verify-email');
    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
