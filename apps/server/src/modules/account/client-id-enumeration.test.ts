import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { createSeededApp } from './account-test-support.ts';

/** A stranger must not learn which client ids exist from the answers of Login (platform.md 4.1, 8). */
describe('login lockout does not tell known client ids from unknown ones', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createSeededApp();
  });
  afterAll(() => t.close());

  it('answers an unknown id as the lockout answers a known one', async () => {
    const answers = async (userId: string) => {
      const ids: string[] = [];
      for (let i = 1; i <= 7; i++)
        ids.push((await t.call('/Account/Login', { userId, password: `Wrong${i}pass` })).infoID);
      return ids;
    };
    const known = await answers('DEMO2');
    expect(known).toEqual(['ACC001', 'ACC001', 'ACC001', 'ACC001', 'ACC002', 'ACC002', 'ACC002']);
    expect(await answers('NOSUCH7')).toEqual(known);
  });
});
