import { platformText } from '@kite/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { showError } from '../../components/dialog/index.ts';
import { resendDormantOtp, startDormant, verifyDormantOtp } from './api/dormant.ts';
import { AuthLayout, Busy, TextField } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { DORMANT_OTP_LENGTH, checkDormantClientId, nextDormantId } from './dormant-client-id.ts';
import { OtpStep } from './OtpStep.tsx';
import { showFailure } from './show-failure.ts';

type Page = { name: 'ClientId' } | { name: 'Setotp'; notice: string } | { name: 'Success'; message: string; notice: string };

export interface DormantFlowProps {
  /** Shown on the Success page as a way on to the login screen, where there is one. */
  onLogin?: () => void;
}

/**
 * Dormant-client reactivation (platform.md 2.5, 4.3): ClientId -> Setotp -> Success. Back from Setotp returns to
 * ClientId, back from Success to Setotp. Uses no router, so the root selection can mount it on its own (2.1).
 */
export function DormantFlow({ onLogin }: DormantFlowProps) {
  const [page, setPage] = useState<Page>({ name: 'ClientId' });
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);

  /** The client-id call with the busy indicator; any error shows the server's message with header 'Error' (platform.md 8). */
  const run = async (work: () => Promise<void>): Promise<void> => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      void showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  switch (page.name) {
    case 'ClientId':
      return (
        <AuthLayout title={platformText.dormantTitle} hint={platformText.dormantHint}>
          <ClientIdPage
            userId={userId}
            setUserId={setUserId}
            onContinue={(id) =>
              run(async () => {
                const msg = await startDormant(id);
                setPage({ name: 'Setotp', notice: msg });
              })
            }
          />
          {busy && <Busy />}
        </AuthLayout>
      );
    case 'Setotp':
      return (
        <AuthLayout title={platformText.dormantTitle} hint={userId}>
          <BackButton onClick={() => setPage({ name: 'ClientId' })} />
          <OtpStep
            length={DORMANT_OTP_LENGTH}
            notice={page.notice}
            onResend={async () => {
              const msg = await resendDormantOtp(userId);
              setPage({ name: 'Setotp', notice: msg });
            }}
            onVerify={async (otp) => {
              const message = await verifyDormantOtp(userId, otp);
              setPage({ name: 'Success', message, notice: page.notice });
            }}
          />
        </AuthLayout>
      );
    case 'Success':
      return (
        <AuthLayout title={platformText.dormantTitle}>
          <BackButton onClick={() => setPage({ name: 'Setotp', notice: page.notice })} />
          <h2 className={styles.success}>{platformText.dormantSuccess}</h2>
          <p className={styles.message} role="status">
            {page.message}
          </p>
          {onLogin && (
            <Button variant="primary" className={styles.submit} onClick={onLogin}>
              LOGIN
            </Button>
          )}
        </AuthLayout>
      );
  }
}

function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className={styles.backButton} aria-label="Back" onClick={onClick}>
      ←
    </button>
  );
}

function ClientIdPage({ userId, setUserId, onContinue }: { userId: string; setUserId: (id: string) => void; onContinue: (id: string) => Promise<unknown> }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkDormantClientId(userId);
    if (problem) {
      // platform.md 5: the check's answer is shown and no call is made.
      void showError(problem);
      return;
    }
    void onContinue(userId.trim());
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Client ID"
        value={userId}
        onChange={(typed) => setUserId(nextDormantId(userId, typed))}
        autoFocus
        autoComplete="username"
        maxLength={12}
      />
      <Button type="submit" variant="primary" className={styles.submit}>
        CONTINUE
      </Button>
    </form>
  );
}
