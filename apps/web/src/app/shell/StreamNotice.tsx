import { platformText } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { reconnectStream, useStreamStatus } from '../../lib/stream/stream.ts';
import styles from './shell.module.css';

/**
 * Says so when live prices are lost (the spec's streaming status shows nothing, so prices would freeze unexplained):
 * while the client retries (platform.md 4.7: ten attempts 5 s apart), and after it gave up, with a way to try again.
 */
export function StreamNotice() {
  const status = useStreamStatus();
  if (status === 'reconnecting') {
    return (
      <p role="status" className={styles.streamNotice}>
        {platformText.streamReconnecting}
      </p>
    );
  }
  if (status !== 'stopped') return null;
  return (
    <p role="alert" className={styles.streamNotice}>
      {platformText.streamStopped}
      <Button size="small" onClick={reconnectStream}>
        {platformText.streamReconnect}
      </Button>
    </p>
  );
}
