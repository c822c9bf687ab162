import type { Delivery } from '../../adapters/delivery/delivery.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/pool.ts';
import type { ClientRow } from './client.repo.ts';

/** What the account services need; routes pass them from the app. */
export interface AccountDeps {
  db: Db;
  config: Config;
  delivery: Delivery;
}

export function contactOf(client: ClientRow): { clientId: number; userId: string; mobile: string; email: string } {
  return { clientId: client.id, userId: client.user_id, mobile: client.mobile, email: client.email };
}
