import type { Delivery } from '../../adapters/delivery/delivery.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/pool.ts';
import type { ClientRow } from './client.repo.ts';
import type { SessionCache } from './session-cache.ts';

/** What the account services need; routes pass them from the app. */
export interface AccountDeps {
  db: Db;
  config: Config;
  delivery: Delivery;
  /** Forgotten at once when this process revokes a session. */
  sessions: SessionCache;
  /**
   * Closes the live sockets of revoked sessions at once (platform.md 4.1, 6). Without it a revoked session's socket
   * kept streaming prices and the client's order updates until the gateway's next revalidation (a minute).
   */
  endSockets?: (sessionIds: readonly string[]) => void;
}

export function contactOf(client: ClientRow): { clientId: number; userId: string; mobile: string; email: string } {
  return { clientId: client.id, userId: client.user_id, mobile: client.mobile, email: client.email };
}
