import { ssoSignOn } from '@kite/domain';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { completeSignIn } from '../../lib/session/sign-in.ts';
import { callApi } from '../../lib/api/client.ts';
import styles from './sso.module.css';
import { landingOf, tokenFrom, type SsoEntryPoint } from './sso-entry-points.ts';

const LOGIN = '/base/login';

/**
 * An SSO entry route (platform.md 2.2, 6): signs on with the token from the URL. SUCCESS stores the login state
 * (the server has set the session cookie) and opens the matching /home page; anything else goes to /base/login.
 */
export function SsoEntryPage({ entry }: { entry: SsoEntryPoint }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // One sign-on per visit: the token works once only, so a second (StrictMode) run must not spend it again.
    if (started.current) return;
    started.current = true;
    const token = tokenFrom(search);
    if (!token) {
      navigate(LOGIN, { replace: true });
      return;
    }
    callApi(ssoSignOn, { data: token }, { suppressSessionError: true })
      .then(({ data }) => {
        if (data.result !== 'SUCCESS' || !data.session || !data.userId || !data.source || !data.appkey) {
          navigate(LOGIN, { replace: true });
          return;
        }
        completeSignIn(data.session);
        const landing = landingOf(entry, { userId: data.userId, source: data.source, appkey: data.appkey });
        navigate(landing.to, { replace: true, state: landing.state });
      })
      .catch(() => navigate(LOGIN, { replace: true }));
  }, [entry, navigate, search]);

  return (
    <main className={styles.page}>
      <p role="status" className={styles.status}>
        Signing you in…
      </p>
    </main>
  );
}
