import { tradingText, type OrderRow } from '@kite/domain';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { displayPrice } from '../../market-data/price-format.ts';
import { openScripDetails } from '../../market-data/selected-scrip.ts';
import { opensDetails } from '../../market-data/trade-permission.ts';
import { useOpenOrders } from '../../orders/api/open-orders.ts';
import { cancelOrExitOrder } from '../../orders/cancel-flow.ts';
import { openModifyOrder } from '../../orders/modify-order.ts';
import { openOrderLog } from '../../orders/OrderLogDialog.tsx';
import { canCancel, canModify, orderPriceDecimals } from '../../orders/order-rules.ts';
import { useOrderRefresh } from '../../orders/use-order-refresh.ts';
import styles from './outstanding-orders.module.css';

const text = tradingText.pendingOrders;
const columnsText = text.columns;

/**
 * The dashboard's outstanding-orders widget (investing.md "Pending orders widget"; trading.md 3 "Pending order
 * columns"): /Trade/OpenOrders with M (modify), C (cancel/exit) and H (order history) per row.
 */
export function OutstandingOrdersWidget() {
  const navigate = useNavigate();
  const query = useOpenOrders();
  const refresh = useOrderRefresh();
  const price = (o: OrderRow, value: string) => displayPrice(value, orderPriceDecimals(o));
  // The widget is half a dashboard wide: the exchange rides on the symbol, and disclosed quantity and validity stay
  // for My Orders, where the widget expands to (trading.md 3 "Pending order columns", chosen for the space).
  const columns: DataColumn<OrderRow>[] = [
    {
      id: 'symbol',
      header: columnsText.symbol,
      sortValue: (o) => o.displaySym,
      cell: (o) => (
        <span className={styles.symbolCell}>
          {opensDetails(o.sym) ? (
            <button
              type="button"
              className={styles.symbolLink}
              onClick={() =>
                openScripDetails(
                  { sym: o.sym, displaySym: o.displaySym, companyName: o.displaySym, streamSym: o.sym.trSymbol ?? o.sym.xSym, tradable: true },
                  navigate,
                )
              }
            >
              {o.displaySym}
            </button>
          ) : (
            <span className={styles.symbol}>{o.displaySym}</span>
          )}
          <span className={styles.exchange}>{o.sym.exc}</span>
        </span>
      ),
    },
    {
      id: 'action',
      header: columnsText.action,
      cell: (o) => <span className={o.ordAction === 'BUY' ? styles.buy : styles.sell}>{o.ordAction}</span>,
    },
    { id: 'product', header: columnsText.product, cell: (o) => o.prdType },
    { id: 'qty', header: columnsText.qty, cell: (o) => o.qty, align: 'end' },
    { id: 'price', header: columnsText.price, cell: (o) => price(o, o.limitPrice), align: 'end' },
    { id: 'trigger', header: columnsText.triggerPrice, cell: (o) => price(o, o.triggerPrice), align: 'end' },
    { id: 'type', header: columnsText.orderType, cell: (o) => o.ordType.toUpperCase() },
    {
      id: 'actions',
      header: columnsText.actions,
      align: 'end',
      cell: (o) => (
        <span className={styles.actions}>
          <button type="button" className={styles.mini} disabled={!canModify(o)} aria-label={text.modifyOf(o.displaySym)} title={tradingText.orders.modify} onClick={() => openModifyOrder(o)}>
            {text.modifyShort}
          </button>
          <button
            type="button"
            className={styles.mini}
            disabled={!canCancel(o)}
            aria-label={text.cancelOf(o.displaySym)}
            title={tradingText.orders.cancelExit}
            onClick={() => void cancelOrExitOrder(o).then((outcome) => outcome === 'sent' && refresh())}
          >
            {text.cancelShort}
          </button>
          <button
            type="button"
            className={styles.mini}
            aria-label={tradingText.orderBook.historyOf(o.displaySym)}
            title={tradingText.orders.history}
            onClick={() => void openOrderLog(o)}
          >
            {tradingText.orders.historyShort}
          </button>
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={text.caption}
      columns={columns}
      rows={query.data}
      rowKey={(o) => o.orderId}
      loading={query.isFetching}
      loadingText={text.loading}
      error={query.error ? query.error.message : undefined}
      empty={text.empty}
      density="compact"
    />
  );
}
