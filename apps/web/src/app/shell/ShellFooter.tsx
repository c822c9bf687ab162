import { deriveAbilities } from '@kite/domain';
import { NavLink } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { isAnyDialogOpen } from '../../components/dialog/index.ts';
import { orderDialog } from '../../features/shell-dialogs/index.ts';
import type { LoginState } from '../../lib/session/session-store.ts';
import { buildFooterActions } from './menu-model.ts';
import { StreamNotice } from './StreamNotice.tsx';
import styles from './shell.module.css';

/** Footer buttons (platform.md 2.4). */
export function ShellFooter({ login }: { login: LoginState }) {
  const abilities = deriveAbilities(login.accountDetails, login.flags);
  return (
    <footer className={styles.footer}>
      <nav className={styles.footerNav} aria-label="Quick links">
        {buildFooterActions(abilities).map((action) =>
          'route' in action ? (
            <NavLink key={action.id} to={action.route} className={styles.footerLink}>
              {action.label}
            </NavLink>
          ) : (
            <Button
              key={action.id}
              variant="primary"
              size="small"
              className={styles.placeOrder}
              onClick={() => {
                if (!isAnyDialogOpen()) orderDialog().open('BUY');
              }}
            >
              {action.label}
            </Button>
          ),
        )}
      </nav>
      <StreamNotice />
    </footer>
  );
}
