import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Wrong viewer passwords a session may try before the viewer refuses it until the next login. */
export const VIEWER_ATTEMPTS = 5;
/** An unlock is forgotten after this long unused (wrong tries are kept for the login session: see forgetIdle). */
const FORGET_AFTER_MS = 30 * 60_000;
const MOST_SESSIONS = 10_000;

export type ViewerCheck = 'ok' | 'wrong' | 'locked';

interface Entry {
  /** HMAC of the password that verified, under this process's key: refreshes compare it instead of re-hashing. */
  unlockedWith: Buffer | null;
  failures: number;
  lastUsed: number;
}

/**
 * The standalone viewer's password, per login session (investing.md 4). The page sends the password with every
 * refresh (every 4-5 s): it is verified with the password hash once, then compared by a keyed hash, so an open viewer
 * costs no argon2 per refresh; and a session that guesses wrong VIEWER_ATTEMPTS times is refused from then on, so the
 * viewer is no password oracle for whoever holds a session.
 */
export class ViewerUnlocks {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  async check(sessionId: string, password: string, verify: () => Promise<boolean>): Promise<ViewerCheck> {
    const now = this.now();
    this.forgetIdle(now);
    const entry = this.entries.get(sessionId) ?? { unlockedWith: null, failures: 0, lastUsed: now };
    // Re-inserted on every use: the map stays in order of last use, oldest first.
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    entry.lastUsed = now;
    if (entry.failures >= VIEWER_ATTEMPTS) return 'locked';
    const keyed = createHmac('sha256', this.key).update(password).digest();
    if (entry.unlockedWith && timingSafeEqual(entry.unlockedWith, keyed)) return 'ok';
    // The try counts before the (slow) hash check: parallel calls cannot all pass the limit while the first is hashing.
    const tries = ++entry.failures;
    if (await verify()) {
      entry.unlockedWith = keyed;
      entry.failures = 0;
      return 'ok';
    }
    return tries >= VIEWER_ATTEMPTS ? 'locked' : 'wrong';
  }

  /**
   * Forgets unlocks left unused (forgetting one only costs a hash check on the next call). Wrong tries are never
   * forgotten by time: the login session outlives half an hour unused here (any other call keeps it alive), and
   * forgetting them would give its holder another VIEWER_ATTEMPTS guesses every half hour. Only the cap drops them.
   */
  private forgetIdle(now: number): void {
    for (const [sessionId, entry] of this.entries) {
      if (this.entries.size > MOST_SESSIONS) {
        this.entries.delete(sessionId);
        continue;
      }
      if (now - entry.lastUsed <= FORGET_AFTER_MS) break;
      if (entry.failures === 0) this.entries.delete(sessionId);
    }
  }
}
