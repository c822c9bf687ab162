import { tradingText, type OrderRow } from '@kite/domain';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { displayPrice } from '../market-data/price-format.ts';
import { orderPriceDecimals } from './order-rules.ts';
import styles from './orders.module.css';

type Leg = NonNullable<OrderRow['leg1']>[number];
interface LegRow extends Leg {
  legName: string;
}

const text = tradingText.orderBook;

/** The advanced-legs area of a cover (leg1) or bracket (leg1 and leg2 lists) order (trading.md 3). */
export function OrderLegs({ order }: { order: OrderRow }) {
  const decimals = orderPriceDecimals(order);
  // leg1 holds stop-loss legs (a trigger) and market exit legs (none); leg2 the bracket's target legs.
  const rows: LegRow[] = [
    ...(order.leg1 ?? []).map((leg) => ({
      ...leg,
      legName: Number(leg.triggerPrice) > 0 ? text.legNames.stopLoss : text.legNames.exit,
    })),
    ...(order.leg2 ?? []).map((leg) => ({ ...leg, legName: text.legNames.target })),
  ];
  const price = (value: string) => displayPrice(value, decimals);
  const columns: DataColumn<LegRow>[] = [
    { id: 'leg', header: text.legColumns.leg, cell: (l) => l.legName },
    { id: 'orderId', header: text.legColumns.orderId, cell: (l) => l.orderId },
    {
      id: 'action',
      header: text.legColumns.action,
      cell: (l) => <span className={l.ordAction === 'BUY' ? styles.buy : styles.sell}>{l.ordAction}</span>,
    },
    { id: 'qty', header: text.legColumns.qty, cell: (l) => l.qty, align: 'end' },
    { id: 'remQty', header: text.legColumns.remQty, cell: (l) => l.remQty, align: 'end' },
    { id: 'limitPrice', header: text.legColumns.limitPrice, cell: (l) => price(l.limitPrice), align: 'end' },
    { id: 'triggerPrice', header: text.legColumns.triggerPrice, cell: (l) => price(l.triggerPrice), align: 'end' },
    { id: 'targetPrice', header: text.legColumns.targetPrice, cell: (l) => price(l.targetPrice), align: 'end' },
    { id: 'status', header: text.legColumns.status, cell: (l) => l.ordStatus },
    { id: 'time', header: text.legColumns.time, cell: (l) => `${l.ordDate} ${l.ordTime}`.trim() },
  ];
  return (
    <div className={styles.legs}>
      <DataTable
        caption={text.legsOf(order.displaySym)}
        columns={columns}
        rows={rows}
        rowKey={(l) => `${l.legName}|${l.orderId}`}
        empty={text.noLegs}
        density="compact"
        stickyHeader={false}
      />
    </div>
  );
}
