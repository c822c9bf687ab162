import { checkExchangePledge, formatQuantity, pledgeText, segmentTotal, type ExchangePledgeItem } from '@kite/domain';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { confirmDialog, showMessage } from '../../components/dialog/index.ts';
import { NumericInput } from '../../components/inputs/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import { session, storageKeys } from '../../lib/storage/storage.ts';
import { submitExchangePledge, useExchangePledge } from './api/pledge-calls.ts';
import styles from './pledge.module.css';

const text = pledgeText.exchange;

type Tab = 'pledge' | 'unpledge';
/** Entered quantity per ISIN and segment. */
type Entered = Record<string, Record<string, string>>;

/**
 * /home/ExchangePledge (investing.md 2, 4 "Pledge (exchange)", 5 "Exchange pledge", 8): pledged shares marked for
 * exchange segments. Ticking a symbol enables its segment inputs and the submit; a total above free disables it.
 */
export function ExchangePledgePage() {
  const baseId = useId();
  const [tab, setTab] = useState<Tab>('pledge');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [entered, setEntered] = useState<Entered>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const query = useExchangePledge();

  // investing.md 2: on load the stored partner app key is cleared.
  useEffect(() => session.remove(storageKeys.appKey), []);

  const reset = (next: Tab) => {
    setTab(next);
    setTicked(new Set());
    setEntered({});
    setExpanded(new Set());
  };

  const data = query.data;
  const rows: ExchangePledgeItem[] =
    (tab === 'pledge' ? data?.ExchangePledgeUnpledge.rePledge : data?.ExchangePledgeUnpledge.reUnpledge) ?? [];
  const disabledSegments = new Set(data?.exErr ?? []);
  const segmentsOf = (row: ExchangePledgeItem) =>
    row.segments.map((s) => ({ name: s.name, quantity: Number(entered[row.isin]?.[s.name] ?? '0') }));
  const lines = rows.map((row) => ({
    symbol: row.symbol,
    freeQty: row.freeQty,
    selected: ticked.has(row.isin),
    segments: segmentsOf(row),
  }));
  const overFree = lines.find((l) => l.selected && segmentTotal(l.segments) > l.freeQty);
  const zeroUnpledge = tab === 'unpledge' && lines.some((l) => l.selected && segmentTotal(l.segments) === 0);

  const tick = (row: ExchangePledgeItem, on: boolean) => {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(row.isin);
      else next.delete(row.isin);
      return next;
    });
    if (on) setExpanded((current) => new Set(current).add(row.isin));
  };

  const submit = async () => {
    const problem = checkExchangePledge(lines);
    if (problem) return showMessage({ header: pledgeText.depository.messageTitle, message: problem });
    const confirmed = await confirmDialog({
      header: pledgeText.depository.messageTitle,
      message: tab === 'pledge' ? text.confirmPledge : text.confirmUnpledge,
      positive: text.yes,
      negative: text.no,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await submitExchangePledge(
        tab === 'pledge' ? 'EPLEDGE' : 'EUNPLEDGE',
        rows
          .filter((r) => ticked.has(r.isin))
          .map((r) => ({ symbol: r.symbol, isin: r.isin, demat: r.demat, segments: segmentsOf(r) })),
      );
    } catch {
      await showMessage({ header: pledgeText.depository.errorTitle, message: text.submitFailed });
      return;
    } finally {
      setBusy(false);
    }
    await showMessage({ header: pledgeText.depository.messageTitle, message: text.success });
    // investing.md 4: on success the list reloads and the tab moves back to the pledge tab.
    reset('pledge');
    void query.refetch();
  };

  const columns: DataColumn<ExchangePledgeItem>[] = [
    {
      id: 'select',
      header: text.columns.select,
      cell: (r) => (
        <input
          type="checkbox"
          aria-label={pledgeText.depository.selectRow(r.symbol)}
          checked={ticked.has(r.isin)}
          onChange={(e) => tick(r, e.target.checked)}
        />
      ),
      width: '64px',
    },
    {
      id: 'symbol',
      header: text.columns.symbol,
      cell: (r) => <span className={styles.symbol}>{r.symbol}</span>,
      sortValue: (r) => r.symbol,
    },
    { id: 'isin', header: text.columns.isin, cell: (r) => r.isin, sortValue: (r) => r.isin },
    {
      id: 'quantity',
      header: text.columns.quantity,
      cell: (r) => (
        <span className={styles.entered}>
          {`${formatQuantity(segmentTotal(segmentsOf(r)))}/${formatQuantity(r.freeQty)}`}
        </span>
      ),
      sortValue: (r) => r.freeQty,
      align: 'end',
    },
    {
      id: 'segment',
      header: text.columns.segment,
      cell: (r) =>
        r.segments
          .filter((s) => s.quantity > 0)
          .map((s) => `${s.name} ${formatQuantity(s.quantity)}`)
          .join(', ') || '--',
    },
  ];

  const segmentInputs = (row: ExchangePledgeItem) => (
    <div className={styles.segments}>
      {row.segments.map((s) => {
        const off = !ticked.has(row.isin) || disabledSegments.has(s.name) || (tab === 'unpledge' && s.quantity === 0);
        return (
          <div key={s.name} className={styles.segment}>
            <span className={styles.segmentName}>{s.name}</span>
            <div className={styles.segmentInput}>
              <NumericInput
                value={entered[row.isin]?.[s.name] ?? '0'}
                onChange={(value) =>
                  setEntered((current) => ({ ...current, [row.isin]: { ...current[row.isin], [s.name]: value } }))
                }
                label={text.segmentQuantity(`${row.symbol} ${s.name}`)}
                integerOnly
                min="0"
                // An unpledge takes a segment's marks off, at most what that segment holds: the server refuses
                // more, and the client would see only 'Somthing went wrong'.
                {...(tab === 'unpledge' ? { max: String(s.quantity) } : {})}
                disabled={off}
              />
            </div>
            <span className={styles.segmentHint}>
              {disabledSegments.has(s.name)
                ? text.segmentNotEnabled(s.name)
                : `${text.pledgedQty} ${formatQuantity(s.quantity)}`}
            </span>
          </div>
        );
      })}
    </div>
  );

  const tabs = [
    { id: 'pledge' as const, label: text.pledgeTab },
    { id: 'unpledge' as const, label: text.unpledgeTab },
  ];
  const panelId = `${baseId}-panel`;
  const tabId = (id: Tab) => `${baseId}-tab-${id}`;
  const disabled = data?.state === 'DISABLED';

  return (
    <section className={styles.page} aria-labelledby={`${baseId}-title`}>
      <header className={styles.toolbar}>
        <h1 id={`${baseId}-title`} className={styles.title}>
          {text.title}
        </h1>
        {disabled ? null : (
          <TabList
            tabs={tabs}
            selected={tab}
            onSelect={reset}
            label={text.title}
            panelId={panelId}
            tabId={tabId}
            className={styles.tabs}
            tabClassName={styles.tab}
          />
        )}
      </header>
      {disabled ? (
        <p className={styles.message}>{text.comingSoon}</p>
      ) : (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className={styles.panelBody}>
          <div className={styles.tablePanel}>
            <DataTable
              caption={tab === 'pledge' ? text.pledgeTab : text.unpledgeTab}
              columns={columns}
              rows={query.error ? [] : data ? rows : undefined}
              rowKey={(r) => r.isin}
              loading={query.isFetching}
              loadingText={text.loading}
              error={query.error?.message}
              empty={text.noData}
              renderExpanded={segmentInputs}
              expandedKeys={expanded}
              onExpandedChange={setExpanded}
              expandLabel={(r) => text.segmentsToggle(r.symbol)}
            />
          </div>
          <div className={styles.actions}>
            {overFree ? (
              <p role="alert" className={styles.inlineError}>
                {text.totalOverFree(segmentTotal(overFree.segments), overFree.freeQty)}
              </p>
            ) : null}
            <Button
              variant="primary"
              disabled={ticked.size === 0 || overFree !== undefined || zeroUnpledge || busy}
              onClick={() => void submit()}
            >
              {tab === 'pledge' ? text.pledgeButton : text.unpledgeButton}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
