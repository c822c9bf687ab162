import {
  cdslSecurityDetails,
  checkPledgeQuantity,
  checkUnpledgeQuantity,
  formatQuantity,
  pledgeText,
  type PledgeDemat,
  type PledgeHolding,
  type PledgeSecurity,
  type PledgeTab,
} from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { confirmDialog, showMessage } from '../../components/dialog/index.ts';
import { NumericInput } from '../../components/inputs/index.ts';
import { isServerVerdict } from '../../lib/api/api-error.ts';
import { useLoginState } from '../../lib/session/session-store.ts';
import { session, storageKeys } from '../../lib/storage/storage.ts';
import { cdslRedirect, nsdlStatus, nsdlUniqueNo, submitPledge } from './api/pledge-calls.ts';
import { postNsdlForm, runNsdlPledge, type NsdlResult } from './nsdl-pledge.ts';
import { DematBlocks } from './DematBlocks.tsx';
import { showLinesDialog } from './pledge-dialogs.tsx';
import styles from './pledge.module.css';

const text = pledgeText.depository;
const cols = text.columns;

export interface PledgeTabPanelProps {
  tab: PledgeTab;
  demats: readonly PledgeDemat[];
  /** After a submit: the list is loaded again. */
  onDone: () => void;
  /** Injected by tests: how the NSDL gateway form is posted, how polls wait, how the browser goes to CDSL. */
  gateway?: {
    postForm: (fields: Record<string, string>) => void;
    wait: (ms: number) => Promise<void>;
    redirect: (url: string) => void;
  };
}

const startQuantity = (tab: PledgeTab, row: PledgeHolding): string =>
  tab === 'PLEDGE' ? String(row.toPledgeQty) : '0';

/**
 * What a refused submit says. A pledge rule's refusal (PLG001..PLG006, errors/pledge-codes.ts) carries its reason — a
 * spec text such as 'Req qty can not be greater than 8', or why collateral in use cannot be released — and the client
 * is told it; any other failure is the spec's 'somthing went wrong' (investing.md 8).
 */
function submitFailureText(error: unknown): string {
  return isServerVerdict(error) && error.infoID.startsWith('PLG') && error.message !== ''
    ? error.message
    : text.submitFailed;
}

/** The rows of one tab of one demat, the ticked rows, their quantities and the submit by depository. */
export function PledgeTabPanel({ tab, demats, onDone, gateway }: PledgeTabPanelProps) {
  const login = useLoginState();
  const selectId = useId();
  const [dematAcc, setDematAcc] = useState(demats[0]?.pledgerDemat ?? '');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const demat = demats.find((d) => d.pledgerDemat === dematAcc) ?? demats[0];
  const rows = demat?.data ?? [];
  const pledge = tab === 'PLEDGE';

  const quantityOf = (row: PledgeHolding) => quantities[row.isin] ?? startQuantity(tab, row);
  const limitOf = (row: PledgeHolding) => (pledge ? row.toPledgeQty : row.toUnPledgeQty);
  const problemOf = (row: PledgeHolding) => {
    const quantity = Number(quantityOf(row));
    return pledge ? checkPledgeQuantity(quantity, limitOf(row)) : checkUnpledgeQuantity(quantity, limitOf(row));
  };
  // investing.md 5: on edit a pledge above the free quantity names both.
  const editMessage = (row: PledgeHolding): string | null => {
    const quantity = Number(quantityOf(row));
    if (pledge && quantity > row.toPledgeQty) return text.totalOverFree(quantity, row.toPledgeQty);
    if (!pledge && quantity > row.toUnPledgeQty) return text.reqOver(row.toUnPledgeQty);
    return null;
  };

  const tick = (isin: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(isin);
      else next.delete(isin);
      return next;
    });

  const chooseDemat = (value: string) => {
    setDematAcc(value);
    setQuantities({});
    // investing.md 4: a different demat account ticks all its rows.
    setTicked(new Set((demats.find((d) => d.pledgerDemat === value)?.data ?? []).map((r) => r.isin)));
  };

  const showNsdlResult = async (result: NsdlResult) => {
    const lines = (items: { isinName: string; msg: string }[]) => items.map((l) => text.nsdlLine(l.isinName, l.msg));
    if (result.kind === 'success') {
      await showLinesDialog(text.messageTitle, result.message, lines(result.lines));
    } else if (result.kind === 'unauthorised') {
      await showMessage({ header: text.errorTitle, message: text.ipUnauthorised });
    } else if (result.kind === 'failed') {
      if (result.lines.length > 0) await showLinesDialog(text.errorTitle, text.failedWithDetails, lines(result.lines));
      else await showMessage({ header: text.errorTitle, message: text.tryLater });
    }
    // gave-up: the web reloads the page (investing.md 4); here the list is loaded again.
  };

  const submit = async () => {
    if (!demat) return;
    const chosen = rows.filter((r) => ticked.has(r.isin));
    for (const row of chosen) {
      const problem = problemOf(row);
      if (problem) return showMessage({ header: text.messageTitle, message: problem });
    }
    const confirmed = await confirmDialog({
      header: text.messageTitle,
      message: pledge ? text.confirmPledge : text.confirmUnpledge,
      positive: pledgeText.exchange.yes,
      negative: pledgeText.exchange.no,
    });
    if (!confirmed) return;
    const securities: PledgeSecurity[] = chosen.map((r) => ({
      symbol: r.symbol,
      isin: r.isin,
      isinName: r.companyName.toUpperCase(),
      quantity: Number(quantityOf(r)),
    }));
    setBusy(true);
    try {
      if (pledge && demat.apiStatus === 'Y' && demat.depository === 'NSDL') {
        let result: NsdlResult;
        try {
          result = await runNsdlPledge(demat, login?.userId ?? '', securities, {
            uniqueNo: nsdlUniqueNo,
            status: nsdlStatus,
            postForm: gateway?.postForm ?? postNsdlForm,
            storeReference: (reference) => session.set(storageKeys.pledgeReference, reference),
            wait: gateway?.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
          });
        } catch {
          await showMessage({ header: text.errorTitle, message: text.nsdlUnreadable });
          return;
        }
        await showNsdlResult(result);
        // Done, or given up (the spec's web reloads the page then): the rows are no longer ticked, so a second
        // click cannot send the same pledge again. A refused request keeps its selection to try again.
        if (result.kind === 'success' || result.kind === 'gave-up') {
          setTicked(new Set());
          setQuantities({});
        }
        onDone();
        return;
      }
      if (pledge && demat.apiStatus === 'Y') {
        const url = await cdslRedirect(demat.pledgerDemat, cdslSecurityDetails(securities));
        (gateway?.redirect ?? ((to: string) => window.location.assign(to)))(url);
        return;
      }
      const message = await submitPledge(
        tab,
        demat.pledgerDemat,
        securities.map((s) => ({ symbol: s.symbol, isin: s.isin, segment: segmentOf(rows, s.isin), qty: s.quantity })),
      );
      await showMessage({ header: text.messageTitle, message });
      setTicked(new Set());
      setQuantities({});
      onDone();
    } catch (error) {
      await showMessage({ header: text.errorTitle, message: submitFailureText(error) });
    } finally {
      setBusy(false);
    }
  };

  const columns: DataColumn<PledgeHolding>[] = [
    {
      id: 'select',
      header: cols.select,
      cell: (r) => (
        <input
          type="checkbox"
          aria-label={text.selectRow(r.symbol)}
          checked={ticked.has(r.isin)}
          onChange={(e) => tick(r.isin, e.target.checked)}
        />
      ),
      width: '64px',
    },
    {
      id: 'symbol',
      header: cols.symbol,
      cell: (r) => <span className={styles.symbol}>{r.symbol}</span>,
      sortValue: (r) => r.symbol,
    },
    { id: 'isin', header: cols.isin, cell: (r) => r.isin, sortValue: (r) => r.isin },
    pledge
      ? {
          id: 'free',
          header: cols.freeQty,
          cell: (r) => formatQuantity(r.freeQty),
          sortValue: (r) => r.freeQty,
          align: 'end',
        }
      : {
          id: 'pledged',
          header: cols.pledgeQty,
          cell: (r) => formatQuantity(r.toUnPledgeQty),
          sortValue: (r) => r.toUnPledgeQty,
          align: 'end',
        },
    {
      id: 'quantity',
      header: pledge ? cols.toPledgeQty : cols.reqQty,
      cell: (r) => {
        const message = editMessage(r);
        return (
          <div className={styles.quantityCell}>
            <NumericInput
              value={quantityOf(r)}
              onChange={(value) => setQuantities((q) => ({ ...q, [r.isin]: value }))}
              label={text.quantityOf(r.symbol)}
              integerOnly
              min="0"
              step="1"
            />
            {message ? (
              <span role="alert" className={styles.rowError}>
                {message}
              </span>
            ) : null}
          </div>
        );
      },
      sortValue: (r) => Number(quantityOf(r)),
      align: 'end',
      width: '180px',
    },
    ...(pledge
      ? ([
          { id: 'segment', header: cols.segment, cell: (r) => r.segment, sortValue: (r) => r.segment },
          { id: 'status', header: cols.status, cell: (r) => r.request, sortValue: (r) => r.request },
        ] satisfies DataColumn<PledgeHolding>[])
      : []),
  ];

  if (!demat) return <p className={styles.message}>{pledge ? text.noHoldings : text.noPledged}</p>;
  const nothingTicked = ticked.size === 0;

  return (
    <div className={styles.panelBody}>
      <DematBlocks demats={demats} demat={demat} selectId={selectId} onChoose={chooseDemat} />
      <div className={styles.tablePanel}>
        <DataTable
          caption={pledge ? text.pledgeTab : text.unpledgeTab}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.isin}
          empty={pledge ? text.noHoldings : text.noPledged}
        />
      </div>
      <div className={styles.actions}>
        {pledge ? (
          <Button disabled={nothingTicked || busy} onClick={() => setTicked(new Set())}>
            {text.unselectAll}
          </Button>
        ) : null}
        <Button variant="primary" disabled={nothingTicked || busy} onClick={() => void submit()}>
          {pledge ? text.submitPledge : text.submitUnpledge}
        </Button>
      </div>
      {busy && demat.depository === 'NSDL' && pledge ? (
        <p role="status" className={styles.note}>
          {text.waitingNsdl}
        </p>
      ) : null}
    </div>
  );
}

const segmentOf = (rows: readonly PledgeHolding[], isin: string): string =>
  rows.find((r) => r.isin === isin)?.segment ?? '';
