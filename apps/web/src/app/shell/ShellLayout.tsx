import { platformText, validateSession } from '@kite/domain';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { showRiskDisclosure } from '../../features/shell-dialogs/index.ts';
import { callApi } from '../../lib/api/client.ts';
import { sessionStore, useLoginState, type LoginState } from '../../lib/session/session-store.ts';
import { session, storageKeys } from '../../lib/storage/storage.ts';
import { streamClient } from '../../lib/stream/stream.ts';
import { Header, MainNav } from './Header.tsx';
import { useKeyboardShortcuts } from './keyboard.ts';
import { leaveToLogin } from './session-actions.ts';
import { isServerVerdict } from '../../lib/api/api-error.ts';

const SESSION_CHECK_RETRY_MS = 3_000;
import { ShellFooter } from './ShellFooter.tsx';
import { useSessionWatch } from './use-session-watch.tsx';
import styles from './shell.module.css';

let riskDisclosureOpen = false;

function SignedInShell({ login }: { login: LoginState }) {
  const navigate = useNavigate();
  useSessionWatch(login.userId, navigate);
  useKeyboardShortcuts(navigate);

  useEffect(() => {
    // platform.md 2.3: live sockets are re-initialised when the shell appears and closed when it goes away.
    streamClient.restart();
    return () => streamClient.disconnect();
  }, []);

  useEffect(() => {
    // platform.md 2.3: a stored depository-revocation response takes the client to DP holdings.
    if (session.get(storageKeys.depositoryRevocation) !== null) navigate('/home/dpholdings', { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!login.showRiskDisclosure || riskDisclosureOpen) return;
    riskDisclosureOpen = true;
    void showRiskDisclosure().then(() => {
      riskDisclosureOpen = false;
      sessionStore.update({ showRiskDisclosure: false });
    });
  }, [login.showRiskDisclosure]);

  return (
    <div className={styles.shell}>
      <Header login={login} />
      <MainNav login={login} />
      <main className={styles.main}>
        <Outlet />
      </main>
      <ShellFooter login={login} />
    </div>
  );
}

/** Renders the shell only after /Account/ValidateSession succeeded; a failed check logs out silently (platform.md 4.1). */
function SessionGate({ login }: { login: LoginState }) {
  const navigate = useNavigate();
  const [valid, setValid] = useState(false);
  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const check = (): void => {
      callApi(validateSession, {}, { suppressSessionError: true }).then(
        ({ data }) => {
          if (!live) return;
          if (data.valid) setValid(true);
          else leaveToLogin(navigate);
        },
        (error: unknown) => {
          if (!live) return;
          // Only the server's verdict ends a session; a dropped connection or a page being left is retried.
          if (isServerVerdict(error)) leaveToLogin(navigate);
          else retry = setTimeout(check, SESSION_CHECK_RETRY_MS);
        },
      );
    };
    check();
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [login.userSessionId, navigate]);
  if (!valid) {
    return (
      <div className={styles.checking} role="status">
        {platformText.sessionChecking}
      </div>
    );
  }
  return <SignedInShell login={login} />;
}

/** The /home route element: the route guard of platform.md 2.3. */
export function ShellLayout() {
  const login = useLoginState();
  if (!login) return <Navigate to="/base/login" replace />;
  return <SessionGate login={login} />;
}
