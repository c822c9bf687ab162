import { displayDate, fundsText, tradingText, type SegmentAllocation } from '@kite/domain';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useFundAllocation } from './api/fund-transfer-calls.ts';
import { paiseOf, shownAmount } from './transfer-form.ts';
import styles from './fund-transfer.module.css';

const t = fundsText.allocation;

const money = (
  pick: (row: SegmentAllocation) => string,
  id: string,
  header: string,
): DataColumn<SegmentAllocation> => ({
  id,
  header,
  cell: (row) => <span className="num">{shownAmount(pick(row))}</span>,
  sortValue: (row) => paiseOf(pick(row)),
  align: 'end',
});

const count = (
  pick: (row: SegmentAllocation) => number,
  id: string,
  header: string,
): DataColumn<SegmentAllocation> => ({
  id,
  header,
  cell: (row) => <span className="num">{pick(row)}</span>,
  sortValue: pick,
  align: 'end',
});

const columns: DataColumn<SegmentAllocation>[] = [
  { id: 'segment', header: t.columns.segment, cell: (row) => tradingText.orderBook.tabs[row.segment] },
  count((row) => row.openOrders, 'openOrders', t.columns.openOrders),
  money((row) => row.blockedByOrders, 'blockedByOrders', t.columns.blockedByOrders),
  count((row) => row.openPositions, 'openPositions', t.columns.openPositions),
  money((row) => row.usedByPositions, 'usedByPositions', t.columns.usedByPositions),
  money((row) => row.allocated, 'allocated', t.columns.allocated),
];

/** /Allocate/Funds/Report: what each segment holds of the one pool of funds, and the pool beside it. */
export function FundAllocation() {
  const allocation = useFundAllocation();
  const pool = allocation.data?.pool;
  const figures = pool && [
    { id: 'ledger', label: t.pool.ledger, value: pool.ledger },
    { id: 'collateral', label: t.pool.collateral, value: pool.collateral },
    { id: 'payoutsHeld', label: t.pool.payoutsHeld, value: pool.payoutsHeld },
    { id: 'allocated', label: t.pool.allocated, value: pool.allocated },
    { id: 'availableMargin', label: t.pool.availableMargin, value: pool.availableMargin },
  ];
  return (
    <div className={styles.panel}>
      <h2 className={styles.subtitle}>{t.title}</h2>
      <p className={styles.allocationNote}>
        {t.note}
        {allocation.data && <span className="num"> {t.asAt(displayDate(allocation.data.asAt))}</span>}
      </p>
      {figures && (
        <dl className={styles.pool}>
          {figures.map((figure) => (
            <div key={figure.id}>
              <dt>{figure.label}</dt>
              <dd className="num" data-testid={`pool-${figure.id}`}>
                ₹{shownAmount(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <DataTable
        caption={t.title}
        columns={columns}
        rows={allocation.data?.segments}
        rowKey={(row) => row.segment}
        loading={allocation.isFetching}
        loadingText={fundsText.loading}
        error={allocation.isError ? allocation.error.message : undefined}
        stickyHeader={false}
      />
    </div>
  );
}
