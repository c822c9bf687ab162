import { tradingText, type OrderRow } from '@kite/domain';
import { displayPrice } from '../market-data/price-format.ts';
import { orderKind, orderPriceDecimals, rejectReasonHint } from './order-rules.ts';
import styles from './orders.module.css';

const labels = tradingText.orderBook.detailLabels;

/** The details area under an order row (trading.md 2.3, 3 "Order (order book)"). */
export function OrderDetails({ order }: { order: OrderRow }) {
  const reason = rejectReasonHint(order);
  const facts: [string, string][] = [
    [labels.orderId, order.orderId],
    [labels.exchOrderId, order.exchOrderId || '--'],
    [labels.validity, order.ordDuration],
    ...(order.ordDuration === 'VTD' && order.vtdDate ? ([[labels.vtdDate, order.vtdDate]] as [string, string][]) : []),
    [labels.disQty, String(order.disQty)],
    [labels.tradedQty, String(order.tradedQty)],
    [labels.remQty, String(order.remQty)],
    [tradingText.orderBook.columns.avgPrice, displayPrice(order.avgPrice, orderPriceDecimals(order))],
    [labels.amo, order.isAmo ? labels.yes : labels.no],
    [labels.user, order.user || '--'],
    [labels.ordDate, `${order.ordDate} ${order.ordTime}`.trim()],
    ...(order.protPercent ? ([[labels.protPercent, order.protPercent]] as [string, string][]) : []),
    ...(orderKind(order) === 'bracket' && order.boStatus ? ([[labels.boStatus, order.boStatus]] as [string, string][]) : []),
    ...(reason ? ([[labels.rejectReason, reason]] as [string, string][]) : []),
  ];
  return (
    <dl className={styles.details} aria-label={tradingText.orderBook.detailsOf(order.displaySym)}>
      {facts.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
