import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo@1234';

/**
 * Signs in through the real login screen (/base/login), as a client would. The login screen's contract:
 * a text box labelled "Client ID", a password box labelled "Password", a button named "LOGIN"; for OTP clients
 * four boxes labelled "OTP digit 1".."OTP digit 4" and a button named "VERIFY". Lands on /home/dashboard.
 */
export async function signIn(page: Page, userId: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/base/login');
  const clientId = page.getByLabel('Client ID');
  // A retried test may find its page still signed in (the login screen then moves on to the dashboard): it starts
  // again from a signed-out browser, or the retry could never pass.
  const where = await Promise.race([
    clientId.waitFor().then(
      () => 'login',
      () => 'neither',
    ),
    page.waitForURL('**/home/**').then(
      () => 'home',
      () => 'neither',
    ),
  ]);
  if (where === 'home') {
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/base/login');
  }
  await clientId.fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL('**/home/dashboard');
}

/** Reads the newest OTP sent to a client from the development outbox (GET /dev/outbox, newest first). */
export async function latestOtp(page: Page, userId: string): Promise<string> {
  const response = await page.request.get('/dev/outbox');
  const messages = (await response.json()) as { to: string; userId?: string; body: string; otp?: string }[];
  const found = messages.find((m) => m.userId === userId && m.otp);
  if (!found?.otp) throw new Error(`no OTP in the outbox for ${userId}`);
  return found.otp;
}
