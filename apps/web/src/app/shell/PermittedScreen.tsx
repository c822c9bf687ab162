import { deriveAbilities, errorCatalogue, type Abilities } from '@kite/domain';
import type { ReactNode } from 'react';
import { useLoginState } from '../../lib/session/session-store.ts';
import styles from './shell.module.css';

/** The abilities a whole screen may need (platform.md 6): those that are yes or no. */
export type ScreenAbility = { [K in keyof Abilities]: Abilities[K] extends boolean ? K : never }[keyof Abilities];

/**
 * A screen the menus offer only with an ability: opened by its address without it, it says the client may not use it
 * (EGN004) instead of showing a form whose every call the server refuses.
 */
export function PermittedScreen({
  needs,
  title,
  children,
}: {
  needs: ScreenAbility;
  title: string;
  children: ReactNode;
}) {
  const login = useLoginState();
  if (login && !deriveAbilities(login.accountDetails, login.flags)[needs]) {
    return (
      <section className={styles.refusedScreen} aria-label={title}>
        <h1>{title}</h1>
        <p role="alert">{errorCatalogue.EGN004.message}</p>
      </section>
    );
  }
  return children;
}
