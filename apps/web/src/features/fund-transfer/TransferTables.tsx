import { displayDate, fundsText, type FundTransfer } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { confirmDialog, showError, showMessage } from '../../components/dialog/index.ts';
import { useCancelPayout, usePendingPayouts, useTransferLogs } from './api/fund-transfer-calls.ts';
import { paiseOf, shownAmount } from './transfer-form.ts';
import styles from './fund-transfer.module.css';

const c = fundsText.columns;

const STATUS_CLASS: Record<string, string | undefined> = {
  SUCCESS: styles.succeeded,
  PROCESSED: styles.succeeded,
  FAILED: styles.failed,
  CANCELLED: styles.cancelled,
  PENDING: styles.pending,
};

const common: DataColumn<FundTransfer>[] = [
  { id: 'reference', header: c.reference, cell: (r) => <span className="num">{r.reference}</span> },
  {
    id: 'amount',
    header: c.amount,
    cell: (r) => <span className="num">{shownAmount(r.amount)}</span>,
    sortValue: (r) => paiseOf(r.amount),
    align: 'end',
  },
  { id: 'bank', header: c.bank, cell: (r) => `${r.bankName} ${r.accountNumber}` },
  { id: 'requestedAt', header: c.requestedAt, cell: (r) => <span className="num">{displayDate(r.requestedAt)}</span> },
];

const statusColumn: DataColumn<FundTransfer> = {
  id: 'status',
  header: c.status,
  cell: (r) => (
    <span className={`${styles.status} ${STATUS_CLASS[r.status] ?? ''}`}>
      {fundsText.statuses[r.status] ?? r.status}
    </span>
  ),
};

/** Pay-outs not yet paid to the bank, each cancellable. */
export function PendingPayouts() {
  const pending = usePendingPayouts();
  const cancel = useCancelPayout();
  const ask = async (row: FundTransfer) => {
    if (!(await confirmDialog({ header: fundsText.withdrawTab, message: fundsText.confirmCancel }))) return;
    cancel.mutate(row.reference, {
      onSuccess: () => void showMessage({ header: fundsText.withdrawTab, message: fundsText.payOutCancelled }),
      onError: (failure) => void showError(failure.message),
    });
  };
  const columns: DataColumn<FundTransfer>[] = [
    ...common,
    {
      id: 'cancel',
      header: '',
      label: fundsText.cancel,
      cell: (r) => (
        <Button
          size="small"
          onClick={() => void ask(r)}
          disabled={cancel.isPending}
          aria-label={`${fundsText.cancel} ${r.reference}`}
        >
          {fundsText.cancel}
        </Button>
      ),
      align: 'end',
    },
  ];
  return (
    <div className={styles.panel}>
      <h2 className={styles.subtitle}>{fundsText.pendingTitle}</h2>
      <DataTable
        caption={fundsText.pendingTitle}
        columns={columns}
        rows={pending.data}
        rowKey={(r) => r.reference}
        loading={pending.isFetching}
        loadingText={fundsText.loading}
        error={pending.isError ? pending.error.message : undefined}
        empty={fundsText.noPending}
        stickyHeader={false}
      />
    </div>
  );
}

/** Every pay-in and pay-out of the client, newest first. */
export function TransferLog() {
  const logs = useTransferLogs();
  const columns: DataColumn<FundTransfer>[] = [
    common[0]!,
    { id: 'type', header: c.type, cell: (r) => fundsText.directions[r.direction] },
    common[1]!,
    {
      id: 'paid',
      header: c.paid,
      cell: (r) => <span className="num">{r.paidAmount ? shownAmount(r.paidAmount) : '--'}</span>,
      align: 'end',
    },
    ...common.slice(2),
    { id: 'mode', header: c.mode, cell: (r) => fundsText.modes[r.mode] ?? r.mode },
    statusColumn,
    {
      id: 'completedAt',
      header: c.completedAt,
      cell: (r) => <span className="num">{displayDate(r.completedAt) || '--'}</span>,
    },
  ];
  return (
    <div className={`${styles.panel} ${styles.grow}`}>
      <h2 className={styles.subtitle}>{fundsText.logTitle}</h2>
      <DataTable
        caption={fundsText.logTitle}
        columns={columns}
        rows={logs.data}
        rowKey={(r) => `${r.direction}-${r.reference}`}
        loading={logs.isFetching}
        loadingText={fundsText.loading}
        error={logs.isError ? logs.error.message : undefined}
        empty={fundsText.noLogs}
      />
    </div>
  );
}
