import { describe, expect, it } from 'vitest';
import { VIEWER_ATTEMPTS, ViewerUnlocks } from './viewer-unlocks.ts';

/** A password check that counts how often the (costly) hash is consulted. */
function hashCheck(right: string) {
  let calls = 0;
  return {
    verify: (password: string) => async () => {
      calls++;
      return password === right;
    },
    calls: () => calls,
  };
}

describe('standalone viewer unlocks', () => {
  it('verifies a password with the hash once per session, then refreshes without it', async () => {
    const unlocks = new ViewerUnlocks();
    const hash = hashCheck('Demo@1234');
    expect(await unlocks.check('s1', 'Demo@1234', hash.verify('Demo@1234'))).toBe('ok');
    for (let i = 0; i < 10; i++) expect(await unlocks.check('s1', 'Demo@1234', hash.verify('Demo@1234'))).toBe('ok');
    expect(hash.calls()).toBe(1);
    // Another session, or another password in the same one, goes back to the hash.
    expect(await unlocks.check('s2', 'Demo@1234', hash.verify('Demo@1234'))).toBe('ok');
    expect(await unlocks.check('s1', 'nope', hash.verify('nope'))).toBe('wrong');
    expect(hash.calls()).toBe(3);
  });

  it(`refuses a session after ${VIEWER_ATTEMPTS} wrong passwords, even the right one after, and no other session`, async () => {
    const unlocks = new ViewerUnlocks();
    const hash = hashCheck('Demo@1234');
    const answers = [];
    for (let i = 0; i < VIEWER_ATTEMPTS; i++) answers.push(await unlocks.check('s1', `guess${i}`, hash.verify(`guess${i}`)));
    expect(answers).toEqual([...Array<string>(VIEWER_ATTEMPTS - 1).fill('wrong'), 'locked']);
    const before = hash.calls();
    expect(await unlocks.check('s1', 'Demo@1234', hash.verify('Demo@1234'))).toBe('locked');
    expect(hash.calls()).toBe(before);
    expect(await unlocks.check('s2', 'Demo@1234', hash.verify('Demo@1234'))).toBe('ok');
  });

  it(`checks at most ${VIEWER_ATTEMPTS} passwords of a session even when they are sent all at once`, async () => {
    const unlocks = new ViewerUnlocks();
    let hashed = 0;
    // a slow hash: every call is in flight before the first answer
    const slowWrong = () => async () => {
      hashed++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return false;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => unlocks.check('s1', `guess${i}`, slowWrong())));
    expect(hashed).toBe(VIEWER_ATTEMPTS);
    expect(answers.filter((a) => a === 'wrong')).toHaveLength(VIEWER_ATTEMPTS - 1);
    expect(answers.filter((a) => a === 'locked')).toHaveLength(20 - (VIEWER_ATTEMPTS - 1));
  });

  it('forgets an unlock left unused for half an hour: the next call checks the hash again', async () => {
    let now = 0;
    const unlocks = new ViewerUnlocks(() => now);
    const hash = hashCheck('Demo@1234');
    expect(await unlocks.check('s1', 'Demo@1234', hash.verify('Demo@1234'))).toBe('ok');
    now += 31 * 60_000;
    expect(await unlocks.check('s1', 'Demo@1234', hash.verify('Demo@1234'))).toBe('ok');
    expect(hash.calls()).toBe(2);
  });

  it('never forgets a lock by time: the session cannot wait half an hour for more guesses', async () => {
    let now = 0;
    const unlocks = new ViewerUnlocks(() => now);
    const hash = hashCheck('Demo@1234');
    for (let i = 0; i < VIEWER_ATTEMPTS; i++) await unlocks.check('s1', `guess${i}`, hash.verify(`guess${i}`));
    // other sessions come and go meanwhile
    now += 31 * 60_000;
    expect(await unlocks.check('s2', 'Demo@1234', hash.verify('Demo@1234'))).toBe('ok');
    now += 5 * 60 * 60_000;
    expect(await unlocks.check('s1', 'Demo@1234', hash.verify('Demo@1234'))).toBe('locked');
    expect(await unlocks.check('s1', 'guess-again', hash.verify('guess-again'))).toBe('locked');
  });

  it('keeps counting wrong tries made half an hour apart', async () => {
    let now = 0;
    const unlocks = new ViewerUnlocks(() => now);
    const hash = hashCheck('Demo@1234');
    const answers = [];
    for (let i = 0; i < VIEWER_ATTEMPTS; i++) {
      answers.push(await unlocks.check('s1', `guess${i}`, hash.verify(`guess${i}`)));
      now += 31 * 60_000;
    }
    expect(answers.at(-1)).toBe('locked');
  });
});
