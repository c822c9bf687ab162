import {
  displayDate,
  formatAmount,
  formatQuantity,
  investingText,
  type IpoBid,
  type IpoOrder,
  isoDateOfDay,
  istDayNumber,
  parseDayMonthYear,
  parseRupees,
} from '@kite/domain';
import { useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { showError } from '../../components/dialog/index.ts';
import { DatePicker } from '../../components/inputs/index.ts';
import { useIpoOrderBook } from './api/ipo-calls.ts';
import { ipoErrorText, isActive, quantityOf, statusOf } from './ipo-rules.ts';
import { TwoLineName } from './TwoLineName.tsx';
import styles from './ipo.module.css';

const text = investingText.ipo;
const d = text.details;
const rupees = (value: string) => `₹ ${formatAmount(parseRupees(value) ?? 0)}`;

/** An IST day number as dd/mm/yyyy. */
const slashDate = (day: number): string => displayDate(isoDateOfDay(day));

/**
 * investing.md 9: the window defaults to ten days back to today, today in IST (exchange time): from 18:30 UTC the
 * browser's own calendar may still be on the day before, and a bid placed now would fall outside the window.
 */
export function defaultWindow(now: number = Date.now()): { from: string; to: string } {
  const today = istDayNumber(now);
  return { from: slashDate(today - 10), to: slashDate(today) };
}

const bidColumns: DataColumn<IpoBid>[] = [
  // the bid's own slot: a multi-bid may leave Bid 1 or Bid 2 empty
  { id: 'n', header: '#', cell: (b) => d.bidNo(b.slot) },
  { id: 'ref', header: d.bidRef, cell: (b) => b.bidReferenceNumber },
  { id: 'qty', header: d.quantity, cell: (b) => formatQuantity(b.quantity), align: 'end' },
  {
    id: 'price',
    header: d.price,
    cell: (b) => (b.atCutOff ? `${rupees(b.price)} (${d.cutOff})` : rupees(b.price)),
    align: 'end',
  },
  { id: 'amount', header: d.amount, cell: (b) => rupees(b.amount), align: 'end' },
  { id: 'status', header: d.status, cell: (b) => text.statuses[b.activityType] },
];

function OrderDetails({ order, onModify, onCancel }: { order: IpoOrder; onModify: () => void; onCancel: () => void }) {
  const rows: [string, string][] = [
    [d.applicationNumber, order.applicationNumber],
    [d.category, text.categories[order.category]],
    [d.upi, order.upi],
    [d.demat, `${order.depository} - ${order.clientBenId}`],
    [d.bidTime, displayDate(order.timestamp)],
    [d.closesOn, `${displayDate(order.biddingEndDate)} ${order.dailyEndTime}`],
  ];
  if (order.allotmentStatus)
    rows.push([d.allotment, order.allotmentStatus], [d.allotmentQty, formatQuantity(order.allotmentQty)]);
  const changeable = isActive(order) && !order.allotmentStatus;
  return (
    <div className={styles.expanded}>
      <dl className={styles.details}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.bids}>
        <DataTable
          caption={`${order.name}: ${d.bidRef}`}
          columns={bidColumns}
          rows={order.bids}
          rowKey={(b) => b.bidReferenceNumber}
          density="compact"
          stickyHeader={false}
        />
      </div>
      {changeable ? (
        <div className={styles.actions}>
          <Button variant="primary" size="small" onClick={onModify}>
            {text.modifyBid}
          </Button>
          <Button size="small" onClick={onCancel}>
            {text.cancelBid}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The Order Book tab (investing.md 2): From and To dates, IPO NAME, QTY/LOTS, BID STATUS, details under a row. */
export function OrderBookTab({
  onModify,
  onCancel,
}: {
  onModify: (order: IpoOrder) => void;
  onCancel: (order: IpoOrder) => void;
}) {
  const [window, setWindow] = useState(() => defaultWindow());
  const query = useIpoOrderBook(window.from, window.to);

  /** investing.md 5: neither date after today, from not after to; a refused date keeps the old value. */
  const change = (which: 'from' | 'to', value: string) => {
    const next = { ...window, [which]: value };
    const from = parseDayMonthYear(next.from);
    const to = parseDayMonthYear(next.to);
    if (from === null || to === null) return;
    const today = istDayNumber(Date.now());
    if (from > today || to > today) {
      void showError(text.exceededToday);
      return;
    }
    if (from > to) {
      void showError(text.fromAfterTo);
      return;
    }
    setWindow(next);
  };

  const columns: DataColumn<IpoOrder>[] = [
    {
      id: 'name',
      header: text.columns.ipoName,
      cell: (o) => <TwoLineName name={o.name} sub={o.applicationNumber} />,
      sortValue: (o) => o.name,
    },
    {
      id: 'qty',
      header: text.columns.qtyLots,
      cell: (o) => {
        const { quantity, lots } = quantityOf(o);
        return `${formatQuantity(quantity)} / ${formatQuantity(lots)}`;
      },
      align: 'end',
    },
    {
      id: 'status',
      header: text.columns.bidStatus,
      cell: (o) => {
        const status = statusOf(o);
        return <span className={styles[status.tone]}>{status.label}</span>;
      },
    },
  ];

  return (
    <div className={styles.orderBook}>
      <div className={styles.dates}>
        <DatePicker label={text.fromDate} value={window.from} onChange={(v) => change('from', v)} />
        <DatePicker label={text.toDate} value={window.to} onChange={(v) => change('to', v)} />
      </div>
      <div className={styles.panel}>
        <DataTable
          caption={text.tabs.orderBook}
          columns={columns}
          rows={query.data}
          rowKey={(o) => o.applicationNumber}
          loading={query.isFetching}
          loadingText={text.loadingOrders}
          error={query.error ? ipoErrorText(query.error.message) : undefined}
          empty={text.noOrders}
          renderExpanded={(o) => <OrderDetails order={o} onModify={() => onModify(o)} onCancel={() => onCancel(o)} />}
          expandLabel={(o) => text.expand(o.name)}
        />
      </div>
    </div>
  );
}
