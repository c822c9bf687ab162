import { deriveAbilities, type Abilities } from '@kite/domain';
import { Link, NavLink, useNavigate } from 'react-router';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { BellIcon, CalculatorIcon, TransferIcon } from '../../components/icons/icons.tsx';
import { MenuButton, type MenuEntry } from '../../components/menu/index.ts';
import { fetchIndexQuotes } from '../../features/market-data/get-index-quote.ts';
import { openScripDetails, selectedScrip } from '../../features/market-data/selected-scrip.ts';
import { SymbolSearch } from '../../features/search/SymbolSearch.tsx';
import { createLiveIndexQuoteSource } from '../../features/settings/index-tickers/live-index-quote-source.ts';
import { setIndexQuoteSource } from '../../features/settings/index-tickers/index-quote-source.ts';
import { orderDialog } from '../../features/shell-dialogs/index.ts';
import type { LoginState } from '../../lib/session/session-store.ts';
import { IndexTickers } from './IndexTickers.tsx';
import { buildCalculatorsMenu, buildMainMenu, isGroup, type NavLink as MenuLink } from './menu-model.ts';
import { navigateTo } from './navigate-to.ts';
import { UserMenu } from './UserMenu.tsx';
import styles from './shell.module.css';

function toItem(link: MenuLink, navigate: (path: string) => void): MenuEntry {
  return {
    kind: 'item',
    id: link.id,
    label: link.label,
    onSelect: () => navigateTo(link.target, navigate),
    ...(link.disabled ? { disabled: true } : {}),
    ...('external' in link.target ? { external: true } : {}),
  };
}

/** The scrip-search slot (trading.md 2.7): a result opens scrip details; B and S open the order dialog for it. */
function ScripSearch({ abilities }: { abilities: Abilities }) {
  const navigate = useNavigate();
  return (
    <SymbolSearch
      context="header"
      abilities={abilities}
      onChoose={(scrip) => openScripDetails(scrip, navigate)}
      onTrade={(scrip, side) => {
        selectedScrip.set(scrip);
        orderDialog().open(side);
      }}
    />
  );
}

// The header tickers read /Market/GetIndexQuote, then the level3 stream (platform.md 2.4).
setIndexQuoteSource(createLiveIndexQuoteSource(fetchIndexQuotes));

/** Header of the signed-in shell (platform.md 2.4): logo, search, tickers, icons and the user menu. */
export function Header({ login }: { login: LoginState }) {
  const navigate = useNavigate();
  const abilities = deriveAbilities(login.accountDetails, login.flags);
  return (
    <header className={styles.header}>
      <Link to="/home/dashboard" className={styles.logo} aria-label="Kite India: dashboard">
        <span className={styles.logoMark} aria-hidden="true" />
        <span>Kite</span>
      </Link>
      <IndexTickers />
      <ScripSearch abilities={abilities} />
      <div className={styles.headerTools}>
        <IconButton label="Fund Transfer" icon={<TransferIcon />} onClick={() => navigate('/home/fundtransfer')} />
        <MenuButton
          label="Calculators"
          align="end"
          showChevron={false}
          trigger={<CalculatorIcon />}
          entries={buildCalculatorsMenu(abilities).map((link) => toItem(link, navigate))}
        />
        <IconButton label="Notifications" icon={<BellIcon />} onClick={() => navigate('/home/notifications')} />
        <UserMenu login={login} />
      </div>
    </header>
  );
}

/** The main menu (platform.md 2.4): sections hidden or disabled per the client's abilities. */
export function MainNav({ login }: { login: LoginState }) {
  const navigate = useNavigate();
  const abilities = deriveAbilities(login.accountDetails, login.flags);
  return (
    <nav className={styles.nav} aria-label="Main menu">
      {buildMainMenu(abilities).map((section) =>
        section.kind === 'link' ? (
          <NavLink key={section.id} to={section.route} className={styles.navLink}>
            {section.label}
          </NavLink>
        ) : (
          <MenuButton
            key={section.id}
            label={section.label}
            trigger={section.label}
            triggerClassName={styles.navTrigger}
            entries={section.entries.map((entry): MenuEntry =>
              isGroup(entry)
                ? {
                    kind: 'group',
                    id: entry.id,
                    label: entry.label,
                    ...(entry.disabled ? { disabled: true } : {}),
                    items: entry.links.map((link) => toItem(link, navigate) as Exclude<MenuEntry, { kind: 'group' | 'separator' }>),
                  }
                : toItem(entry, navigate),
            )}
          />
        ),
      )}
    </nav>
  );
}
