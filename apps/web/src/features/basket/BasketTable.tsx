import { parsePrice, tradingText, type BasketLine, type BasketLogLine } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import type { BasketMode } from './basket-view.ts';
import styles from './basket.module.css';

const text = tradingText.basket;
type Line = BasketLine | BasketLogLine;

export interface BasketTableProps {
  caption: string;
  mode: BasketMode;
  lines: readonly Line[];
  /** Delete-scrip mode: a checkbox per row (trading.md 4.7, as in the watchlist). */
  selecting: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onModify: (line: BasketLine) => void;
  onDelete: (line: BasketLine) => void;
  /** Row actions wait while another action runs. */
  disabled?: boolean;
}

const decimalsOf = (line: Line): 2 | 4 => (/\.\d{4}$/.test(line.LIMIT_PRICE) ? 4 : 2);
const priceSort = (value: string, line: Line) => parsePrice(value, decimalsOf(line)) ?? null;

/** The basket lines (trading.md 2.8): the spec's columns; MODIFY and DELETE per row, or the log's status and response. */
export function BasketTable({
  caption,
  mode,
  lines,
  selecting,
  selected,
  onToggle,
  onModify,
  onDelete,
  disabled = false,
}: BasketTableProps) {
  const [srNo, symbol, exchange, side, product, price, qty, disc, trigger, goodTill, orderType] = text.columns;
  const order = new Map(lines.map((line, index) => [line.BASKET_SYMBOL_ID, index + 1]));
  const columns: DataColumn<Line>[] = [
    ...(selecting && mode === 'normal'
      ? [
          {
            id: 'select',
            header: '',
            label: text.deleteScrips,
            width: '36px',
            cell: (line: Line) => (
              <input
                type="checkbox"
                aria-label={`Select ${line.DISP_SYM}`}
                checked={selected.has(line.BASKET_SYMBOL_ID)}
                onChange={() => onToggle(line.BASKET_SYMBOL_ID)}
              />
            ),
          },
        ]
      : []),
    { id: 'srno', header: srNo, width: '64px', cell: (line) => order.get(line.BASKET_SYMBOL_ID) },
    {
      id: 'symbol',
      header: symbol,
      cell: (line) => <span className={styles.symbol}>{line.DISP_SYM}</span>,
      sortValue: (l) => l.DISP_SYM,
    },
    { id: 'exchange', header: exchange, cell: (line) => line.EXCH_ID, sortValue: (l) => l.EXCH_ID },
    {
      id: 'side',
      header: side,
      cell: (line) => (
        <span className={line.BUY_SELL_IND === 'BUY' ? styles.buy : styles.sell}>{line.BUY_SELL_IND}</span>
      ),
      sortValue: (l) => l.BUY_SELL_IND,
    },
    { id: 'product', header: product, cell: (line) => line.SEGMENT_TYPE, sortValue: (l) => l.SEGMENT_TYPE },
    {
      id: 'price',
      header: price,
      align: 'end',
      cell: (line) => line.LIMIT_PRICE,
      sortValue: (l) => priceSort(l.LIMIT_PRICE, l),
    },
    { id: 'qty', header: qty, align: 'end', cell: (line) => line.QTY, sortValue: (l) => l.QTY },
    { id: 'disc', header: disc, align: 'end', cell: (line) => line.DISC_QTY, sortValue: (l) => l.DISC_QTY },
    {
      id: 'trigger',
      header: trigger,
      align: 'end',
      cell: (line) => line.TRIGGER_PRICE,
      sortValue: (l) => priceSort(l.TRIGGER_PRICE, l),
    },
    { id: 'goodTill', header: goodTill, cell: (line) => line.DAY_IOC_ORD },
    { id: 'orderType', header: orderType, cell: (line) => line.ORD_TYPE },
  ];
  if (mode === 'log') {
    columns.push(
      {
        id: 'status',
        header: text.orderStatus,
        cell: (line) => {
          const status = 'ORDER_STATUS' in line ? line.ORDER_STATUS : '';
          const tone =
            status === 'EXECUTED'
              ? styles.buy
              : status === 'REJECTED' || status === 'CANCELLED'
                ? styles.sell
                : styles.status;
          return <span className={tone}>{status}</span>;
        },
      },
      {
        id: 'response',
        header: text.orderResponse,
        className: styles.response,
        cell: (line) => ('ORDER_RESPONSE' in line ? line.ORDER_RESPONSE : ''),
      },
    );
  } else {
    columns.push({
      id: 'actions',
      header: '',
      label: 'Actions',
      align: 'end',
      cell: (line) => (
        <span className={styles.rowActions}>
          <Button
            size="small"
            aria-label={`${text.modify} ${line.DISP_SYM}`}
            disabled={disabled}
            onClick={() => onModify(line)}
          >
            {text.modify}
          </Button>
          <Button
            size="small"
            aria-label={`${text.delete} ${line.DISP_SYM}`}
            disabled={disabled}
            onClick={() => onDelete(line)}
          >
            {text.delete}
          </Button>
        </span>
      ),
    });
  }
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={lines}
      rowKey={(line) => line.BASKET_SYMBOL_ID}
      className={styles.table}
    />
  );
}
