import { expect } from 'vitest';
import type { OutboxEntry } from '../../adapters/delivery/delivery.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed.ts';
import type { ServerClock } from '../../services/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** A test app on its own database with the demo clients seeded. */
export async function createSeededApp(env: Record<string, string> = {}, clock?: ServerClock): Promise<TestApp> {
  const t = await createTestApp(env, clock);
  await seedDemoData(t.db);
  return t;
}

/** Signs in a client without OTP and returns the session cookie. */
export async function signIn(t: TestApp, userId: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await t.call<{ otpRequired: boolean }>('/Account/Login', { userId, password });
  expect(answer.infoID, answer.infoMsg).toBe('0');
  expect(answer.setCookie).toBeDefined();
  return answer.setCookie as string;
}

/** The newest OTP the delivery sent to a client. */
export function latestOtp(t: TestApp, userId: string): string {
  const found = t.app.delivery.outbox().find((m: OutboxEntry) => m.userId === userId && m.otp);
  if (!found?.otp) throw new Error(`no OTP sent to ${userId}`);
  return found.otp;
}

export async function auditEvents(t: TestApp, userId: string): Promise<string[]> {
  const { rows } = await t.db.query<{ event: string }>('SELECT event FROM audit_log WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);
  return rows.map((r) => r.event);
}

/** A 4-digit code different from `code`. */
export function otherCode(code: string): string {
  return code === '0000' ? '1111' : '0000';
}
