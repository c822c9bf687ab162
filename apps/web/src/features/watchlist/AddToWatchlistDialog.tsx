import {
  checkAddToWatchlistTarget,
  platformText,
  tradingText,
  type SymbolObject,
  type WatchlistGroup,
} from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog, showMessage } from '../../components/dialog/index.ts';
import { addSymbol, allGroups, fetchGroups } from './watchlist-api.ts';
import styles from './watchlist.module.css';

const text = tradingText.watchlist;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function ChooseWatchlist({
  groups,
  onChoose,
  onCancel,
}: {
  groups: readonly WatchlistGroup[];
  onChoose: (id: string) => void;
  onCancel: () => void;
}) {
  const editable = groups.filter((g) => g.isEditable);
  const [chosen, setChosen] = useState<string | null>(editable.length === 1 ? (editable[0]?.id ?? null) : null);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const confirm = () => {
    const refused = checkAddToWatchlistTarget(groups, chosen);
    if (refused || chosen === null) setProblem(refused);
    else onChoose(chosen);
  };
  return (
    <Dialog
      title={platformText.addToWatchlistTitle}
      onDismiss={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>CANCEL</Button>
          <Button variant="primary" onClick={confirm}>
            OK
          </Button>
        </>
      }
    >
      <fieldset className={styles.checkGrid} aria-describedby={problem ? errorId : undefined}>
        <legend className={styles.legend}>{text.addScripsHeader}</legend>
        {editable.map((g) => (
          <label key={g.id} className={styles.check}>
            <input type="radio" name="watchlist" checked={chosen === g.id} onChange={() => setChosen(g.id)} />
            <span>{g.name}</span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}

/**
 * The shared "add scrips to watchlist" dialog (platform.md 2.8, trading.md 5.3): exactly one editable watchlist is
 * chosen, then OK adds the scrip; with no editable watchlist the client is told to add one first.
 */
export async function openAddToWatchlist(sym: SymbolObject): Promise<void> {
  let groups: WatchlistGroup[];
  try {
    groups = allGroups(await fetchGroups());
  } catch (error) {
    await showMessage({ header: text.addScripsHeader, message: errorText(error) });
    return;
  }
  const noTarget = checkAddToWatchlistTarget(groups, null);
  if (noTarget === text.addWatchlistFirst) {
    await showMessage({ header: text.addScripsHeader, message: noTarget });
    return;
  }
  const watchId = await openDialog<string>((close) => (
    <ChooseWatchlist groups={groups} onChoose={close} onCancel={() => close()} />
  ));
  if (!watchId) return;
  try {
    await addSymbol(watchId, sym);
    await showMessage({ header: text.addScripsHeader, message: text.scripAdded });
  } catch (error) {
    await showMessage({ header: text.addScripsHeader, message: errorText(error) });
  }
}
