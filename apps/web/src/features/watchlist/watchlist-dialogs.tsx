import {
  MAX_WATCHLIST_COLUMNS,
  WATCHLIST_ASSET_CLASSES,
  WATCHLIST_NAME_MAX,
  checkCanAddWatchlist,
  checkDeleteWatchlists,
  checkNewWatchlistName,
  checkTextInput,
  checkWatchlistRename,
  columnsFor,
  normaliseColumnChoice,
  tradingText,
  type Abilities,
  type WatchlistAssetClass,
  type WatchlistGroup,
  type WatchlistSettings,
} from '@kite/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, confirmDialog, openDialog, showMessage, type CloseDialog } from '../../components/dialog/index.ts';
import { openTextInputDialog } from '../../components/inputs/TextInputDialog.tsx';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { openSelectScripDialog } from '../shell-dialogs/index.ts';
import * as api from './watchlist-api.ts';
import styles from './watchlist.module.css';
import { TabList } from '../../components/tabs/index.ts';

const text = tradingText.watchlist;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Add Custom Watchlist (trading.md 5.3, 8): the limit first, then a name; answers the new group's id. */
export async function addWatchlistFlow(groups: readonly WatchlistGroup[]): Promise<string | undefined> {
  const editable = groups.filter((g) => g.isEditable);
  const full = checkCanAddWatchlist(editable);
  if (full) {
    await showMessage({ header: text.addHeader, message: full });
    return undefined;
  }
  const name = await openTextInputDialog({ title: text.addHeader, label: text.nameLabel, confirmLabel: 'ADD' });
  if (name === undefined) return undefined;
  const problem = checkNewWatchlistName(name, editable);
  if (problem) {
    await showMessage({ header: text.addHeader, message: problem });
    return undefined;
  }
  try {
    return await api.addGroup(name);
  } catch (error) {
    await showMessage({ header: text.addHeader, message: errorText(error) });
    return undefined;
  }
}

function DeleteWatchlistsDialog({ groups, close }: { groups: readonly WatchlistGroup[]; close: CloseDialog<boolean> }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = async () => {
    const problem = checkDeleteWatchlists([...chosen]);
    if (problem) {
      await showMessage({ header: text.deleteHeader, message: problem });
      return;
    }
    if (!(await confirmDialog({ header: text.deleteHeader, message: text.deleteConfirm }))) return;
    try {
      await api.deleteGroups(groups.filter((g) => chosen.has(g.id)));
      close(true);
      await showMessage({ header: text.deleteHeader, message: text.deleted });
    } catch (error) {
      close(false);
      await showMessage({ header: text.deleteHeader, message: errorText(error) });
    }
  };
  return (
    <Dialog
      title={text.deleteHeader}
      onDismiss={() => close(false)}
      footer={
        <>
          <Button onClick={() => close(false)}>CANCEL</Button>
          <Button variant="primary" onClick={() => void submit()}>
            DELETE
          </Button>
        </>
      }
    >
      <fieldset className={styles.checkGrid}>
        <legend className={styles.legend}>{text.chooseToDelete}</legend>
        {groups.map((g) => (
          <label key={g.id} className={styles.check}>
            <input type="checkbox" checked={chosen.has(g.id)} onChange={() => toggle(g.id)} />
            {g.name}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}

/** Delete Watchlist (trading.md 5.3, 8): a checkbox list of the editable groups; resolves true when some were deleted. */
export async function deleteWatchlistsFlow(groups: readonly WatchlistGroup[]): Promise<boolean> {
  const editable = groups.filter((g) => g.isEditable);
  if (editable.length === 0) {
    await showMessage({ header: text.deleteHeader, message: text.addWatchlistFirst });
    return false;
  }
  return (await openDialog<boolean>((close) => <DeleteWatchlistsDialog groups={editable} close={close} />)) === true;
}

const listOf = (s: WatchlistSettings, tab: WatchlistAssetClass) =>
  tab === 'FUTURE' ? s.futureColumns : tab === 'OPTIONS' ? s.optionsColumns : s.equityColumns;

interface EditProps {
  group: WatchlistGroup;
  groups: readonly WatchlistGroup[];
  close: CloseDialog<WatchlistGroup>;
}

/** Edit Watchlist: rename (editable groups) and the column choice of the active asset tab (trading.md 2.6, 5.3, 9). */
function EditWatchlistDialog({ group, groups, close }: EditProps) {
  const ids = useId();
  const [name, setName] = useState(group.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [tab, setTab] = useState<WatchlistAssetClass>(group.settings.assetClass);
  const [settings, setSettings] = useState<WatchlistSettings>(group.settings);
  const chosen = listOf(settings, tab);
  const full = chosen.length >= MAX_WATCHLIST_COLUMNS;

  const toggle = (id: number) => {
    const next = chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
    const normalised = normaliseColumnChoice(next, tab);
    setSettings((s) => ({
      ...s,
      ...(tab === 'FUTURE'
        ? { futureColumns: normalised }
        : tab === 'OPTIONS'
          ? { optionsColumns: normalised }
          : { equityColumns: normalised }),
    }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const renamed = name.trim() !== group.name;
    if (renamed) {
      const problem =
        checkTextInput(name) ??
        checkWatchlistRename(
          name,
          group.id,
          groups.filter((g) => g.isEditable),
        );
      if (problem) {
        setNameError(problem);
        await showMessage({ header: text.renameHeader, message: problem });
        return;
      }
    }
    try {
      const saved = await api.updateGroup(group, renamed ? name.trim() : group.name, { ...settings, assetClass: tab });
      close(saved);
    } catch (error) {
      await showMessage({ header: renamed ? text.renameHeader : text.editHeader, message: errorText(error) });
    }
  };

  return (
    <Dialog
      title={text.editHeader}
      size="medium"
      onDismiss={() => close()}
      footer={
        <>
          <Button onClick={() => close()}>CANCEL</Button>
          <Button variant="primary" onClick={() => void submit()}>
            SAVE
          </Button>
        </>
      }
    >
      <form className={styles.editForm} onSubmit={(e) => void submit(e)} noValidate>
        <label className={styles.fieldLabel} htmlFor={`${ids}-name`}>
          {text.nameLabel}
        </label>
        <input
          id={`${ids}-name`}
          className={styles.textInput}
          value={name}
          maxLength={WATCHLIST_NAME_MAX}
          disabled={!group.isEditable}
          aria-invalid={nameError !== null}
          aria-describedby={nameError ? `${ids}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
        />
        {nameError && (
          <p id={`${ids}-error`} className={styles.fieldError} role="alert">
            {nameError}
          </p>
        )}
        <TabList
          tabs={WATCHLIST_ASSET_CLASSES.map((a) => ({ id: a, label: text.assetTabs[a] }))}
          selected={tab}
          onSelect={setTab}
          label={text.assetTabsLabel}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        <fieldset className={styles.columnGrid} role="tabpanel" aria-label={text.assetTabs[tab]}>
          <legend className={styles.legend}>{text.columnsLegend(chosen.length, MAX_WATCHLIST_COLUMNS)}</legend>
          {columnsFor(tab).map((c) => {
            const on = chosen.includes(c.id);
            return (
              <label key={c.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!c.editable || (!on && full)}
                  onChange={() => toggle(c.id)}
                />
                {c.name}
              </label>
            );
          })}
        </fieldset>
      </form>
    </Dialog>
  );
}

export function editWatchlistFlow(
  group: WatchlistGroup,
  groups: readonly WatchlistGroup[],
): Promise<WatchlistGroup | undefined> {
  return openDialog<WatchlistGroup>((close) => <EditWatchlistDialog group={group} groups={groups} close={close} />);
}

/** Add Scrips: the shared Select Scrip dialog in the watchlist context returns the choice (trading.md 2.7). */
export function chooseScrip(abilities: Abilities): Promise<ScripRef | undefined> {
  return openSelectScripDialog({ abilities, context: 'watchlist', title: text.addScripsHeader });
}
