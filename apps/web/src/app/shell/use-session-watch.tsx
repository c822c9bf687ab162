import { getAppConfig, platformText } from '@kite/domain';
import { useEffect, useLayoutEffect } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import { callApi, onSessionInvalid } from '../../lib/api/client.ts';
import { changedInAnotherTab, local, session, storageKeys } from '../../lib/storage/storage.ts';
import { startInactivityTimer } from './inactivity-timer.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { endForMissingConfig, endInvalidSession, expireForInactivity, type Navigate } from './session-actions.ts';

/** Is this tab's signed-in user the one stored for the browser (platform.md 4.1, window focus check)? */
export function isWindowSessionValid(): boolean {
  const tabUser = session.get(storageKeys.userId);
  const stored = local.get(storageKeys.accountId);
  return tabUser === null || stored === null || tabUser === stored;
}

function showInvalidWindowSession(): void {
  void openDialog<boolean>(
    (close) => (
      <Dialog
        title={platformText.messageHeader}
        role="alertdialog"
        footer={
          <Button variant="primary" autoFocus onClick={() => close(true)}>
            Close
          </Button>
        }
      >
        <p>{platformText.invalidWindowSession}</p>
      </Dialog>
    ),
    'invalid-window',
  ).then((closedByClient) => {
    if (closedByClient !== true) return;
    window.close();
    // Browsers only let scripts close windows they opened; otherwise leave for the login screen.
    window.location.replace('/base/login');
  });
}

/**
 * Everything that watches the signed-in session while the shell is shown (platform.md 2.3, 4.1, 8): EGN006 from
 * any call, the inactivity timer from /App/Config, the window focus check and the account id of other tabs.
 */
export function useSessionWatch(userId: string, navigate: Navigate): void {
  // A layout effect, so the listener is in place the moment the shell is on screen: a passive effect runs a task
  // later, and an EGN006 answer arriving in between would be missed.
  useLayoutEffect(() => onSessionInvalid((message) => endInvalidSession(message, navigate)), [navigate]);

  useEffect(() => {
    // A new tab of a signed-in browser adopts the stored user as its own.
    if (session.get(storageKeys.userId) === null) session.set(storageKeys.userId, userId);
    const onFocus = () => {
      if (!isWindowSessionValid()) showInvalidWindowSession();
    };
    const onStorage = (event: StorageEvent) => {
      if (changedInAnotherTab(event, storageKeys.accountId)) window.location.reload();
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('storage', onStorage);
    };
  }, [userId]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    callApi(getAppConfig, {}).then(
      ({ data }) => {
        if (live) stop = startInactivityTimer({ timeoutMs: data.sessionIdleMs, onExpire: () => expireForInactivity(navigate) });
      },
      (error: unknown) => {
        // A page being left aborts this call (no answer at all): only an answer without the configuration ends the session.
        if (live && error instanceof ApiError) endForMissingConfig(navigate);
      },
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [navigate]);
}
