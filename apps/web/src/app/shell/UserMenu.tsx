import { deriveAbilities } from '@kite/domain';
import { useNavigate } from 'react-router';
import { UserIcon } from '../../components/icons/icons.tsx';
import { MenuButton, type MenuEntry } from '../../components/menu/index.ts';
import { getTheme, toggleThemeAndReload } from '../../features/settings/theme.ts';
import { requestCollateralConsent } from '../../features/shell-dialogs/index.ts';
import { sessionStore, type LoginState } from '../../lib/session/session-store.ts';
import { buildUserMenuLinks } from './menu-model.ts';
import { navigateTo } from './navigate-to.ts';
import { logoutWithConfirmation } from './session-actions.ts';
import styles from './shell.module.css';

/** The user menu (platform.md 2.4). */
export function UserMenu({ login }: { login: LoginState }) {
  const navigate = useNavigate();
  const abilities = deriveAbilities(login.accountDetails, login.flags);
  const consent = login.flags.limitAgainstHolding;
  const entries: MenuEntry[] = [
    ...buildUserMenuLinks(abilities).map((link): MenuEntry => ({
      kind: 'item',
      id: link.id,
      label: link.label,
      onSelect: () => navigateTo(link.target, navigate),
    })),
    { kind: 'separator', id: 'sep-prefs' },
    {
      kind: 'item',
      id: 'theme',
      label: 'Preferred Theme',
      hint: getTheme() === 'dark' ? 'Dark' : 'Light',
      onSelect: toggleThemeAndReload,
    },
    {
      kind: 'check',
      id: 'collateral-consent',
      label: 'Limit against holdings',
      checked: consent,
      onToggle: (next) => {
        void requestCollateralConsent(next).then((accepted) => {
          const current = sessionStore.get();
          if (accepted && current) sessionStore.update({ flags: { ...current.flags, limitAgainstHolding: next } });
        });
      },
    },
    { kind: 'separator', id: 'sep-logout' },
    { kind: 'item', id: 'logout', label: 'Logout', onSelect: () => void logoutWithConfirmation(navigate) },
  ];
  return (
    <MenuButton
      label="User menu"
      align="end"
      triggerClassName={styles.userTrigger}
      trigger={
        <>
          <UserIcon />
          <span className={styles.userId}>{login.userId}</span>
        </>
      }
      entries={entries}
    />
  );
}
