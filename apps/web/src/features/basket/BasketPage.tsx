import {
  basketSymbolsDeletedText,
  checkExecuteBasket,
  deriveAbilities,
  platformText,
  tradingText,
  type BasketLine,
} from '@kite/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { CollapseIcon } from '../../components/icons/icons.tsx';
import { MenuButton } from '../../components/menu/index.ts';
import { useLoginState } from '../../lib/session/session-store.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { openOrderEntry } from '../order-entry/index.ts';
import { openSelectScripDialog } from '../shell-dialogs/index.ts';
import { createBasket } from './api/add-basket.ts';
import { deleteBasketLines } from './api/delete-basket-symbols.ts';
import { deleteBasketCall } from './api/delete-basket.ts';
import { executeBasketCall } from './api/execute-basket.ts';
import { renameBasketCall } from './api/rename-basket.ts';
import { saveBasketLine } from './api/save-basket-symbol.ts';
import {
  confirmDeleteBasket,
  confirmDeleteScrips,
  confirmExecuteBasket,
  openCreateBasketDialog,
  openRenameBasketDialog,
  showBasketMessage,
} from './basket-dialogs.tsx';
import { exportCsv, exportExcel, printTable } from '../../lib/export/table-export.ts';
import { DownloadIcon, MinusIcon, PencilIcon, PlusIcon, PrintIcon } from './basket-icons.tsx';
import { exportTable, fileNameOf, initialItemOfLine, payloadOfItem, scripOfLine } from './basket-view.ts';
import { BasketTable } from './BasketTable.tsx';
import { useBasketScreen } from './use-basket-screen.ts';
import styles from './basket.module.css';

const text = tradingText.basket;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : platformText.defaultDialogMessage;
}

/** The shared Select Scrip dialog in the basket context (trading.md 2.7): resolves with the chosen scrip. */
function chooseScrip(abilities: ReturnType<typeof deriveAbilities>): Promise<ScripRef | undefined> {
  return openSelectScripDialog({ abilities, context: 'basket', title: text.addToBasket });
}

export interface BasketPageProps {
  /** trading.md 2.8: the collapse action goes back to /home/dashboard unless a callback is given. */
  onCollapse?: () => void;
}

/** /home/basketorder (trading.md 2.8, 4.7, 5.5, 8). */
export function BasketPage({ onCollapse }: BasketPageProps = {}) {
  const login = useLoginState();
  const navigate = useNavigate();
  const abilities = login ? deriveAbilities(login.accountDetails, login.flags) : null;
  const screen = useBasketScreen(abilities?.basketOrder === true);
  const { mode, baskets, selected, lines, reload } = screen;
  const [selecting, setSelecting] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  useEffect(() => {
    setSelecting(false);
    setChosen(new Set());
  }, [mode, selected?.id]);

  /** One action at a time; after any message popup closes the list reloads (trading.md 4.7). */
  const run = useCallback(
    async (work: () => Promise<{ message?: string; select?: string } | void>) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      try {
        const outcome = await work();
        if (outcome?.message !== undefined) {
          await showBasketMessage(outcome.message);
          await reload(outcome.select);
        }
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [reload],
  );

  // Without the basket-order flag the route refuses before this screen loads (home-routes `needs`, trading.md 6).
  if (!abilities?.basketOrder) return null;

  const hasBaskets = (baskets?.length ?? 0) > 0;
  // Actions wait while one runs or the list reloads: a click then would act on the basket being replaced.
  const locked = busy || screen.loading;
  const normalLines = mode === 'normal' ? ((lines ?? []) as BasketLine[]) : [];

  const create = () =>
    run(async () => {
      const name = await openCreateBasketDialog();
      if (name === undefined) return;
      try {
        const id = await createBasket(name);
        return { message: text.created, select: id };
      } catch (error) {
        return { message: messageOf(error) };
      }
    });

  const rename = () =>
    run(async () => {
      if (!selected) return;
      const name = await openRenameBasketDialog(selected.name);
      if (name === undefined) return;
      try {
        return { message: await renameBasketCall(selected.id, name), select: selected.id };
      } catch (error) {
        return { message: messageOf(error) };
      }
    });

  const remove = () =>
    run(async () => {
      if (!selected || !(await confirmDeleteBasket(selected.name))) return;
      try {
        return { message: await deleteBasketCall(selected.id) };
      } catch (error) {
        return { message: messageOf(error) };
      }
    });

  const execute = () =>
    run(async () => {
      const problem = checkExecuteBasket(baskets?.length ?? 0, normalLines.length);
      if (problem) return { message: problem };
      if (!selected || !(await confirmExecuteBasket(selected.name, normalLines))) return;
      try {
        return { message: await executeBasketCall(selected.id), select: selected.id };
      } catch {
        // trading.md 8: an execute error is ignored.
        return;
      }
    });

  const addScrip = () =>
    run(async () => {
      if (!selected) return { message: text.noBaskets };
      const scrip = await chooseScrip(abilities);
      if (!scrip) return;
      let message: string | undefined;
      await openOrderEntry({
        side: 'BUY',
        scrip,
        basket: {
          onAdd: async (item) => {
            message = await saveBasketLine(payloadOfItem(selected.id, item));
          },
        },
      });
      return message === undefined ? undefined : { message, select: selected.id };
    });

  const modify = (line: BasketLine) =>
    run(async () => {
      if (!selected) return;
      let message: string | undefined;
      await openOrderEntry({
        side: line.BUY_SELL_IND,
        scrip: scripOfLine(line),
        basket: {
          initial: initialItemOfLine(line),
          onAdd: async (item) => {
            message = await saveBasketLine(payloadOfItem(selected.id, item), line.BASKET_SYMBOL_ID);
          },
        },
      });
      return message === undefined ? undefined : { message, select: selected.id };
    });

  const deleteLines = (ids: readonly string[]) =>
    run(async () => {
      if (ids.length === 0 || !(await confirmDeleteScrips())) return;
      try {
        await deleteBasketLines(ids);
        setSelecting(false);
        setChosen(new Set());
        return { message: basketSymbolsDeletedText(ids.length), select: selected?.id };
      } catch {
        // trading.md 8: a delete-scrip error is ignored.
        return;
      }
    });

  const toggleSelecting = () => {
    if (!selecting) {
      setSelecting(true);
      return;
    }
    if (chosen.size === 0) setSelecting(false);
    else void deleteLines([...chosen]);
  };

  const table = () => exportTable(lines ?? [], mode);
  const fileName = selected ? fileNameOf(selected.name) : 'basket';
  const showTable = selected !== null && lines !== undefined && lines.length > 0;

  return (
    <section className={styles.page} aria-label="Basket Order" aria-busy={busy || screen.loading}>
      <header className={styles.titleBar}>
        <div className={styles.titleLeft}>
          <h1 className={styles.title}>Basket Order</h1>
          {hasBaskets && (
            <>
              <label className={styles.visuallyHidden} htmlFor="basket-select">
                {text.chooseBasket}
              </label>
              <select
                id="basket-select"
                className={styles.select}
                value={selected?.id ?? ''}
                onChange={(event) => screen.select(event.currentTarget.value)}
              >
                {baskets?.map((basket) => (
                  <option key={basket.id} value={basket.id}>
                    {basket.name}
                  </option>
                ))}
              </select>
              {mode === 'normal' && (
                <IconButton
                  label={text.renameTitle}
                  icon={<PencilIcon />}
                  disabled={locked}
                  onClick={() => void rename()}
                />
              )}
            </>
          )}
        </div>
        <div className={styles.titleRight}>
          {mode === 'normal' ? (
            <>
              <Button size="small" disabled={locked} onClick={() => void create()}>
                {text.createBasket}
              </Button>
              {hasBaskets && (
                <>
                  <Button size="small" variant="primary" disabled={locked} onClick={() => void execute()}>
                    {text.executeBasket}
                  </Button>
                  <Button size="small" disabled={locked} onClick={() => void remove()}>
                    {text.deleteBasket}
                  </Button>
                </>
              )}
              <Button size="small" disabled={locked} onClick={() => screen.setMode('log')}>
                {text.executionLog}
              </Button>
            </>
          ) : (
            <Button size="small" disabled={locked} onClick={() => screen.setMode('normal')}>
              {text.back}
            </Button>
          )}
          <IconButton
            label="Collapse"
            icon={<CollapseIcon />}
            onClick={() => (onCollapse ? onCollapse() : navigate('/home/dashboard'))}
          />
        </div>
      </header>

      {selected && (
        <div className={styles.toolbar} role="toolbar" aria-label="Basket tools">
          <MenuButton
            label={text.exportLabel}
            trigger={
              <span className={styles.exportTrigger}>
                <DownloadIcon />
                {text.exportLabel}
              </span>
            }
            entries={[
              {
                kind: 'item',
                id: 'xlsx',
                label: text.exportExcel,
                onSelect: () => void exportExcel(fileName, table(), 'Basket'),
              },
              { kind: 'item', id: 'csv', label: text.exportCsv, onSelect: () => exportCsv(fileName, table()) },
            ]}
          />
          <IconButton label={text.print} icon={<PrintIcon />} onClick={() => printTable(selected.name, table())} />
          {mode === 'normal' && (
            <>
              <Button size="small" variant="ghost" aria-pressed={selecting} disabled={locked} onClick={toggleSelecting}>
                <MinusIcon />
                {selecting ? text.deleteScrips : text.scrip}
              </Button>
              <Button size="small" variant="ghost" disabled={locked} onClick={() => void addScrip()}>
                <PlusIcon />
                {text.scrip}
              </Button>
            </>
          )}
        </div>
      )}

      <div className={styles.body}>
        {baskets === undefined ? (
          <p className={styles.loading} role="status">
            Loading…
          </p>
        ) : !hasBaskets ? (
          mode === 'log' ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>{text.noExecutedBasket}</p>
            </div>
          ) : (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>{text.noBasket}</p>
              <p className={styles.emptyHint}>{text.noBasketHint}</p>
              <Button variant="primary" disabled={locked} onClick={() => void create()}>
                {text.createNewBasketButton}
              </Button>
            </div>
          )
        ) : lines === undefined ? (
          <p className={styles.loading} role="status">
            Loading…
          </p>
        ) : showTable ? (
          <BasketTable
            caption={selected ? `${selected.name} ${mode === 'log' ? text.executionLog : ''}`.trim() : 'Basket'}
            mode={mode}
            lines={lines}
            selecting={selecting}
            selected={chosen}
            onToggle={(id) =>
              setChosen((current) => {
                const next = new Set(current);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
            onModify={(line) => void modify(line)}
            onDelete={(line) => void deleteLines([line.BASKET_SYMBOL_ID])}
            disabled={locked}
          />
        ) : mode === 'log' ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{text.noExecutedBasket}</p>
          </div>
        ) : (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{text.noScript}</p>
            <p className={styles.emptyHint}>{text.noScriptHint}</p>
            <Button variant="primary" disabled={locked} onClick={() => void addScrip()}>
              {text.addToBasket}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
