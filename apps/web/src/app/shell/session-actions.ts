import { logout, platformText } from '@kite/domain';
import { closeAllDialogs, confirmDialog, showMessage } from '../../components/dialog/index.ts';
import { dashboardStore } from '../../features/dashboard/dashboard-store.ts';
import { callApi } from '../../lib/api/client.ts';
import { sessionStore } from '../../lib/session/session-store.ts';

export type Navigate = (path: string, options?: { replace?: boolean }) => void;

/**
 * Ends the signed-in state in this browser: order, chart and every other dialog closed, login state cleared,
 * back to the login screen (platform.md 4.1).
 */
export function leaveToLogin(navigate: Navigate): void {
  closeAllDialogs();
  dashboardStore.restoreAll();
  sessionStore.signOut();
  navigate('/base/login', { replace: true });
}

/** Revokes the server session; the client is leaving either way, so a failure here is not shown. */
async function revokeServerSession(): Promise<void> {
  try {
    await callApi(logout, {}, { suppressSessionError: true });
  } catch {
    // The session may already be gone (expired or revoked); nothing more to do.
  }
}

/** Logout from the user menu: confirm, revoke, clear, login screen, then the logout dialog (platform.md 4.1). */
export async function logoutWithConfirmation(navigate: Navigate): Promise<boolean> {
  const sure = await confirmDialog({ header: platformText.logoutHeader, message: platformText.logoutConfirm });
  if (!sure) return false;
  // Work that needs the session (chart changes held back by their 30 s throttle, investing.md 4) is finished first.
  await sessionStore.finishBeforeSignOut();
  await revokeServerSession();
  leaveToLogin(navigate);
  void showMessage({ header: platformText.logoutHeader, message: platformText.loggedOut, key: 'logout' });
  return true;
}

/** Inactivity expiry (platform.md 4.1): the screen is cleared first, then the 'Session Timeout' dialog. */
export function expireForInactivity(navigate: Navigate): void {
  if (!sessionStore.get()) return;
  void revokeServerSession();
  leaveToLogin(navigate);
  void showMessage({ header: platformText.sessionTimeoutHeader, message: platformText.sessionTimeoutMessage, key: 'session-end' });
}

/** EGN006 from any call: the message in a dialog and logout (platform.md 8). */
export function endInvalidSession(message: string, navigate: Navigate): void {
  if (!sessionStore.get()) return;
  leaveToLogin(navigate);
  void showMessage({ header: platformText.messageHeader, message, key: 'session-end' });
}

/** The app configuration could not be read, so no idle limit can be applied (platform.md 8 'Config missing'). */
export function endForMissingConfig(navigate: Navigate): void {
  if (!sessionStore.get()) return;
  void revokeServerSession();
  leaveToLogin(navigate);
  void showMessage({ header: platformText.errorHeader, message: platformText.configMissing, key: 'session-end' });
}
