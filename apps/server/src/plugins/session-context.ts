import type { PermissionRow } from '../modules/account/client.repo.ts';

/** What a call handler knows of the caller. Every query of client data is scoped by clientId from here, never by an id in the body. */
export interface SessionContext {
  sessionId: string;
  /** Internal numeric id of the client row. */
  clientId: number;
  /** The client's login id (e.g. DEMO1). */
  userId: string;
  /** Password accepted but the login OTP not yet validated (platform.md 3.2, 7.2). */
  otpPending: boolean;
  /** The client's permission columns as read with the session (this request's view of them). */
  permissions?: PermissionRow;
}
