import {
  displayDate,
  formatAmount,
  formatPrice,
  formatQuantity,
  investingText,
  parseRupees,
  type PnlRow,
  type PnlSegment,
} from '@kite/domain';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import { Button } from '../../components/button/Button.tsx';
import { displayPrice, priceDecimalsOf } from '../market-data/price-format.ts';
import { useTradeHistory, type TradeHistory } from './api/get-trade-history.ts';
import { rowFigures, signClass } from './pnl-view.ts';
import { useLiveLtp } from './use-live-ltps.ts';
import styles from './pnl.module.css';

const text = investingText.pnl.tradeHistory;
/** A trade with its place in the answer (trades carry no id of their own). */
type Trade = TradeHistory['dataSet'][number] & { n: number };

function money(value: string): string {
  const paise = parseRupees(value);
  return paise === null ? '--' : formatAmount(paise);
}

function Signed({ value }: { value: string }) {
  const paise = parseRupees(value) ?? 0;
  return <span className={signClass(paise)}>{money(value)}</span>;
}

function columns(decimals: 2 | 4): DataColumn<Trade>[] {
  const c = text.columns;
  return [
    {
      id: 'date',
      header: c.date,
      cell: (t) => displayDate(t.dateoftransaction) || '--',
      sortValue: (t) => t.dateoftransaction.replace(/^(\d\d)-(\d\d)-(\d{4})/, '$3$2$1'),
    },
    {
      id: 'type',
      header: c.type,
      cell: (t) => (
        <span className={t.TransactonType === 'SELL' ? 'down' : t.TransactonType === 'BUY' ? 'up' : undefined}>
          {t.TransactonType}
        </span>
      ),
    },
    { id: 'quantity', header: c.quantity, cell: (t) => formatQuantity(t.quantity), align: 'end' },
    { id: 'price', header: c.price, cell: (t) => displayPrice(t.price, decimals), align: 'end' },
    { id: 'charges', header: c.charges, cell: (t) => money(t.brokercommission), align: 'end' },
    { id: 'amount', header: c.amount, cell: (t) => money(t.value), align: 'end' },
  ];
}

/**
 * NOTIONAL P/L at the LTP the popup shows: the server's figure until a tick moves the price, then the row revalued
 * (the table behind does the same), so the footer never disagrees with the price above it.
 */
function LiveNotional({ row, value }: { row: PnlRow; value: string }) {
  const live = useLiveLtp(row);
  if (live === undefined) return <Signed value={value} />;
  const f = rowFigures(row, live);
  return <span className={signClass(f.plValue)}>{formatAmount(f.plValue)}</span>;
}

function LiveLtp({ row }: { row: PnlRow }) {
  const live = useLiveLtp(row);
  const f = rowFigures(row, live);
  return <strong data-testid="history-ltp">{formatPrice(f.ltp, f.decimals)}</strong>;
}

/** investing.md 2 "Trade History popup": title, symbol, LTP, the trades and the footer with totals and footnotes. */
function TradeHistoryBody({ row, segment }: { row: PnlRow; segment: PnlSegment }) {
  const history = useTradeHistory(segment, row.securitycode, row.ltp);
  const decimals = priceDecimalsOf(row.sym.exc);
  const data = history.status === 'data' ? history.data : undefined;
  return (
    <div className={styles.history}>
      <div className={styles.historyHead}>
        <span className={styles.historySymbol}>{row.contractDescWeb}</span>
        <span className={styles.exchange}>{row.exchange}</span>
        <span className={styles.historyLtp}>
          {text.ltp}: <LiveLtp row={row} />
        </span>
      </div>
      <div className={styles.historyTable}>
        {/* investing.md 8: a trade-history error is not displayed; the list is then simply empty. */}
        <DataTable
          caption={`${text.title} ${row.contractDescWeb}`}
          columns={columns(decimals)}
          rows={history.status === 'error' ? [] : data?.dataSet.map((t, n) => ({ ...t, n }))}
          rowKey={(t) => String(t.n)}
          loading={history.status === 'loading'}
          loadingText={text.loading}
          empty={text.empty}
          density="compact"
        />
      </div>
      <dl className={styles.historyTotals}>
        <div>
          <dt>{text.totalBuy}</dt>
          <dd>{data ? `${formatQuantity(data.totalBuyQty)} (${money(data.totalBuyValue)})` : '--'}</dd>
        </div>
        <div>
          <dt>{text.totalSell}</dt>
          <dd>{data ? `${formatQuantity(data.totalSellQty)} (${money(data.totalSellValue)})` : '--'}</dd>
        </div>
        <div>
          <dt>{text.netBuySell}</dt>
          <dd>{data ? formatQuantity(data.netBuySell) : '--'}</dd>
        </div>
        <div>
          <dt>{text.booked}</dt>
          <dd>{data ? <Signed value={data.bookedPL} /> : '--'}</dd>
        </div>
        <div>
          <dt>{text.notional}</dt>
          <dd data-testid="history-notional">{data ? <LiveNotional row={row} value={data.notionalPL} /> : '--'}</dd>
        </div>
      </dl>
      <ul className={styles.notes}>
        <li>{investingText.pnl.buyRateNote}</li>
        <li>{investingText.pnl.sellRateNote}</li>
      </ul>
    </div>
  );
}

export function openTradeHistory(row: PnlRow, segment: PnlSegment): Promise<void> {
  return openDialog<void>((close) => (
    <Dialog
      title={text.title}
      size="large"
      onDismiss={() => close()}
      footer={
        <Button onClick={() => close()} autoFocus>
          {text.close}
        </Button>
      }
    >
      <TradeHistoryBody row={row} segment={segment} />
    </Dialog>
  )).then(() => undefined);
}
