import { isCommodityInstrument, tradingText, type OrderRow } from '@kite/domain';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import { displayPrice } from '../market-data/price-format.ts';
import { fetchOrderLog, type OrderLogOutcome, type OrderLogRow } from './api/order-log.ts';
import { orderKind, orderPriceDecimals, orderSegment } from './order-rules.ts';
import styles from './orders.module.css';

const text = tradingText.orderLog;
const ordersText = tradingText.orders;

/** The status rows' columns for this order (trading.md 2.4). */
export function orderLogColumns(order: OrderRow): DataColumn<OrderLogRow>[] {
  const kind = orderKind(order);
  const decimals = orderPriceDecimals(order);
  const columns: (DataColumn<OrderLogRow> | false)[] = [
    { id: 'status', header: text.columns.status, cell: (r) => r.ordStatus },
    {
      id: 'qty',
      // Quantities are counted in LOTS in the currency segment.
      header: orderSegment(order) === 'currency' ? ordersText.logLots : text.columns.qty,
      cell: (r) => r.qty,
      align: 'end',
    },
    { id: 'price', header: text.columns.price, cell: (r) => displayPrice(r.ordPrice, decimals), align: 'end' },
    // Disclosed quantity and trigger price are hidden for spreads.
    kind !== 'spread' && { id: 'disQty', header: text.columns.disQty, cell: (r) => r.disQty, align: 'end' },
    kind !== 'spread' && {
      id: 'triggerPrice',
      header: text.columns.triggerPrice,
      // Bracket orders show 0.00 as their trigger price.
      cell: (r) => displayPrice(kind === 'bracket' ? '0' : r.triggerPrice, decimals),
      align: 'end',
    },
    // Validity is not shown for commodity.
    !isCommodityInstrument(order.sym.instr, order.sym.exc) && { id: 'validity', header: text.columns.validity, cell: (r) => r.ordDuration },
    { id: 'time', header: text.columns.time, cell: (r) => r.lUpdatedTime },
  ];
  return columns.filter((c): c is DataColumn<OrderLogRow> => c !== false);
}

/** Log rows carry no id; a row's place in the history is its identity (the log only grows). */
type LogEntry = OrderLogRow & { seq: number };

function outcomeView(outcome: OrderLogOutcome | null): { rows: LogEntry[] | undefined; error?: string } {
  if (outcome === null) return { rows: undefined };
  switch (outcome.kind) {
    case 'rows':
      return { rows: outcome.rows.map((row, seq) => ({ ...row, seq })) };
    case 'unreadable':
      return { rows: [], error: ordersText.logUnreadable };
    case 'error':
      return { rows: [], error: outcome.message };
    default: {
      const unknown: never = outcome;
      throw new Error(`Unknown order log outcome ${JSON.stringify(unknown)}`);
    }
  }
}

export function OrderLogDialog({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const [outcome, setOutcome] = useState<OrderLogOutcome | null>(null);
  useEffect(() => {
    let live = true;
    void fetchOrderLog(order).then((answer) => {
      if (live) setOutcome(answer);
    });
    return () => {
      live = false;
    };
  }, [order]);
  const { rows, error } = outcomeView(outcome);
  return (
    <Dialog
      title={text.title}
      size="large"
      onDismiss={onClose}
      footer={
        <Button variant="primary" autoFocus onClick={onClose}>
          {ordersText.logClose}
        </Button>
      }
    >
      <dl className={styles.logFacts}>
        <div>
          <dt>{text.symbol}</dt>
          <dd>{order.displaySym}</dd>
        </div>
        <div>
          <dt>{text.exchange}</dt>
          <dd>{order.sym.exc}</dd>
        </div>
        <div>
          <dt>{text.orderRef}</dt>
          <dd>{order.orderId}</dd>
        </div>
      </dl>
      <div className={styles.logTable}>
        <DataTable
          caption={text.caption}
          columns={orderLogColumns(order)}
          rows={rows}
          rowKey={(r) => String(r.seq)}
          loadingText={text.loading}
          error={error}
          empty={ordersText.logEmpty}
          density="compact"
        />
      </div>
    </Dialog>
  );
}

/** Opens the Order Log dialog of one order (trading.md 2.4); one at a time. */
export function openOrderLog(order: OrderRow): Promise<void> {
  return openDialog<void>((close) => <OrderLogDialog order={order} onClose={() => close()} />, 'order-log').then(() => undefined);
}
