import { expect } from 'vitest';
import type { Quote } from '@kite/domain';
import type { TestApp } from '../../test/harness.ts';

/** Decimal text -> integer hundredths, so the checks compare exactly. */
export const units = (text: string) => Number(text.replace('.', ''));

/**
 * What the statistics route tests do over and over, for the signed-in session `cookie()` gives: a call that must
 * succeed, the quote of a row's instrument to compare with, and steps of the market's clock.
 */
export function statsTestKit(app: () => TestApp, cookie: () => string) {
  const call = async <T>(path: string, body: object) => {
    const answer = await app().call<T>(path, body, { cookie: cookie() });
    expect(answer.infoID, answer.infoMsg).toBe('0');
    return answer.data;
  };
  const quoteOf = async (row: { sym: Quote['sym'] }) =>
    (await call<{ quote: Quote }>('/Market/GetQuote', { sym: row.sym })).quote;
  const steps = (count: number) => {
    const { clock, marketRuntime } = app().app;
    for (let step = 0; step < count; step++) {
      clock.set(clock.now() + 1000);
      marketRuntime.market.advance();
    }
  };
  return { call, quoteOf, steps };
}
