import pg from 'pg';
import type { Db } from '../../db/pool.ts';
import type { LiveSession } from './session.repo.ts';

/** The channel the database's session triggers notify on (migration 0011); the payload is a client id. */
export const SESSION_CHANGED_CHANNEL = 'session_changed';
/** The listening connection's application_name, as pg_stat_activity shows it. */
export const SESSION_CACHE_APPLICATION = 'kite-session-cache';

export interface SessionCacheOptions {
  /** The longest a session is served from memory before it is read again, whatever was or was not heard. */
  maxAgeMs?: number;
  /** Sessions kept at most; the oldest are dropped first. */
  maxEntries?: number;
  /** Wait before listening again after the listening connection was lost. */
  reconnectMs?: number;
}

interface Entry {
  session: LiveSession;
  /** performance.now() when idle_ms and age_ms were read. */
  readAt: number;
}

/**
 * Live sessions by token hash, so that a request is authenticated without a database read (issue 5: the session read
 * was one of the order path's 1.4 statements per order).
 *
 * A session is served from memory only while this cache is listening to the database: every change to a session or
 * its client row notifies at commit (migration 0011), and the client's sessions are forgotten. This process's own
 * revocations also forget at once (forgetSession, forgetToken, forgetClient), before their answer is sent. While the
 * listening connection is down nothing is served from memory. A read that overlaps a change is not kept: the
 * generation counts every change heard, and put() is refused when it moved since the read began.
 */
export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  private readonly tokensOfClient = new Map<number, Set<string>>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly reconnectMs: number;
  private listener: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private syncSeq = 0;
  private readonly syncWaiters = new Map<string, () => void>();
  /** Moves on every change heard or made; a read started in an older generation is not kept. */
  generation = 0;

  constructor(
    private readonly db: Db,
    options: SessionCacheOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.reconnectMs = options.reconnectMs ?? 1_000;
  }

  /** Starts listening; resolves once the cache can serve (or could not connect: it then retries and serves nothing meanwhile). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.goDeaf();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  /** Whether sessions are served from memory now. */
  get serving(): boolean {
    return this.listening;
  }

  /** The session of a token hash with its idle and age figures brought up to now, or undefined when not held. */
  get(tokenHash: string): LiveSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.byToken.get(tokenHash);
    if (!entry) return undefined;
    const elapsed = performance.now() - entry.readAt;
    if (elapsed > this.maxAgeMs) {
      this.drop(tokenHash, entry.session.client_id);
      return undefined;
    }
    return { ...entry.session, idle_ms: entry.session.idle_ms + elapsed, age_ms: entry.session.age_ms + elapsed };
  }

  /** Keeps a session read from the database, unless something changed since the read began (`readGeneration`). */
  put(tokenHash: string, session: LiveSession, readGeneration: number): void {
    if (!this.listening || readGeneration !== this.generation) return;
    if (this.byToken.size >= this.maxEntries) {
      const oldest = this.byToken.entries().next().value;
      if (oldest) this.drop(oldest[0], oldest[1].session.client_id);
    }
    this.byToken.set(tokenHash, { session, readAt: performance.now() });
    let tokens = this.tokensOfClient.get(session.client_id);
    if (!tokens) this.tokensOfClient.set(session.client_id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  /** The session was just seen (its last-seen time written): its idle time starts again. */
  touched(tokenHash: string): void {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return;
    const elapsed = performance.now() - entry.readAt;
    entry.session = { ...entry.session, idle_ms: 0, age_ms: entry.session.age_ms + elapsed };
    entry.readAt = performance.now();
  }

  forgetClient(clientId: number): void {
    this.generation++;
    const tokens = this.tokensOfClient.get(clientId);
    if (!tokens) return;
    for (const token of tokens) this.byToken.delete(token);
    this.tokensOfClient.delete(clientId);
  }

  forgetToken(tokenHash: string): void {
    this.generation++;
    const entry = this.byToken.get(tokenHash);
    if (entry) this.drop(tokenHash, entry.session.client_id);
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    for (const [token, entry] of this.byToken) {
      if (entry.session.id === sessionId) this.drop(token, entry.session.client_id);
    }
  }

  /**
   * Resolves once every change committed before this call has been heard (notifications arrive in commit order, so
   * hearing our own later one proves it). For writers outside this process, such as tests changing rows directly.
   */
  async sync(): Promise<void> {
    const listener = this.listener;
    if (!this.listening || !listener) return;
    const token = `sync:${process.pid}:${++this.syncSeq}`;
    const heard = new Promise<void>((resolve) => this.syncWaiters.set(token, resolve));
    await listener.query('SELECT pg_notify($1, $2)', [SESSION_CHANGED_CHANNEL, token]);
    await heard;
  }

  private drop(tokenHash: string, clientId: number): void {
    this.byToken.delete(tokenHash);
    const tokens = this.tokensOfClient.get(clientId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOfClient.delete(clientId);
  }

  private goDeaf(): void {
    this.listening = false;
    this.generation++;
    this.byToken.clear();
    this.tokensOfClient.clear();
    for (const resolve of this.syncWaiters.values()) resolve();
    this.syncWaiters.clear();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ ...this.db.options, application_name: SESSION_CACHE_APPLICATION });
    client.on('notification', (message) => this.heard(message.payload ?? ''));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANGED_CHANNEL}`);
      if (this.listener !== client || this.stopped) return;
      this.listening = true;
    } catch {
      this.lost(client);
    }
  }

  private heard(payload: string): void {
    const waiter = this.syncWaiters.get(payload);
    if (waiter) {
      this.syncWaiters.delete(payload);
      waiter();
      return;
    }
    const clientId = Number(payload);
    if (Number.isSafeInteger(clientId)) this.forgetClient(clientId);
  }

  private lost(client: pg.Client): void {
    if (this.listener !== client) return;
    this.goDeaf();
    this.listener = null;
    client.end().catch(() => undefined);
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) void this.listen();
    }, this.reconnectMs);
    this.reconnectTimer.unref();
  }
}
