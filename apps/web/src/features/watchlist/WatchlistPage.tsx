import { deriveAbilities, tradingText, type Abilities, type WatchlistGroup } from '@kite/domain';
import { useCallback, useEffect, useState } from 'react';
import { useLoginState } from '../../lib/session/session-store.ts';
import * as api from './watchlist-api.ts';
import { initialSelection, keepSelection } from './watchlist-selection.ts';
import { WatchlistPane, type GroupsChange } from './WatchlistPane.tsx';
import styles from './watchlist.module.css';

const text = tradingText.watchlist;

/** /home/watchlist (trading.md 2.6, 4.5): two panes side by side, or one expanded to full size. */
export function WatchlistPage() {
  const login = useLoginState();
  if (!login) return null;
  return <Watchlists abilities={deriveAbilities(login.accountDetails, login.flags)} />;
}

function Watchlists({ abilities }: { abilities: Abilities }) {
  const [groups, setGroups] = useState<WatchlistGroup[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [selection, setSelection] = useState<[string | null, string | null]>([null, null]);
  const [expanded, setExpanded] = useState<0 | 1 | null>(null);

  const reload = useCallback(async (change?: GroupsChange, pane?: 0 | 1) => {
    try {
      const all = api.allGroups(await api.fetchGroups());
      setGroups(all);
      setError(null);
      setSelection((current) => {
        if (current[0] === null && current[1] === null) return initialSelection(all);
        const kept = keepSelection(all, current);
        if (change?.kind === 'added' && pane !== undefined) kept[pane] = change.id;
        return kept;
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  if (error)
    return (
      <p className={styles.pageError} role="alert">
        {error}
      </p>
    );
  if (!groups)
    return (
      <p className={styles.pageLoading} role="status">
        {text.loading}
      </p>
    );

  const panes = ([0, 1] as const).filter((p) => expanded === null || expanded === p);
  return (
    <div className={styles.page} data-expanded={expanded !== null}>
      <h1 className={styles.visuallyHidden}>{text.header}</h1>
      {panes.map((p) => {
        const group = groups.find((g) => g.id === selection[p]);
        if (!group) return null;
        return (
          <WatchlistPane
            key={p}
            index={p}
            group={group}
            groups={groups}
            otherGroupId={selection[p === 0 ? 1 : 0]}
            expanded={expanded === p}
            abilities={abilities}
            onSelect={(id) => setSelection((s) => (p === 0 ? [id, s[1]] : [s[0], id]))}
            onToggleExpand={() => setExpanded((e) => (e === p ? null : p))}
            onGroupsChange={(change) => reload(change, p)}
          />
        );
      })}
    </div>
  );
}
