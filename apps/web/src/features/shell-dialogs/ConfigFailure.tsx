import { platformText } from '@kite/domain';
import styles from './shell-dialogs.module.css';

/** The configuration-failure placeholder (platform.md 2.8), shown where content could not be configured. */
export function ConfigFailure() {
  return (
    <div className={styles.configFailure} role="alert">
      <p className={styles.configFailureTitle}>{platformText.configFailureTitle}</p>
      <p className={styles.configFailureBody}>{platformText.configFailureBody}</p>
    </div>
  );
}
