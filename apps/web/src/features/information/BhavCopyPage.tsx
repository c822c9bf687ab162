import {
  type BhavCopyRow,
  bhavCopyExchanges,
  formatQuantity,
  groupIndian,
  informationText,
  displayDate,
} from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { exportCsv } from '../../lib/export/table-export.ts';
import { type BhavCopyExchange, useBhavCopy } from './api/info-calls.ts';
import styles from './information.module.css';

const text = informationText.bhavCopy;
const price = (value: string | null): string => (value === null ? text.untraded : groupIndian(value));

const columns: DataColumn<BhavCopyRow>[] = [
  {
    id: 'symbol',
    header: text.columns.symbol,
    cell: (row) => <strong>{row.symbol}</strong>,
    sortValue: (row) => row.symbol,
  },
  { id: 'isin', header: text.columns.isin, cell: (row) => <span className="muted">{row.isin}</span> },
  { id: 'open', header: text.columns.open, cell: (row) => price(row.open), align: 'end' },
  { id: 'high', header: text.columns.high, cell: (row) => price(row.high), align: 'end' },
  { id: 'low', header: text.columns.low, cell: (row) => price(row.low), align: 'end' },
  { id: 'last', header: text.columns.last, cell: (row) => price(row.last), align: 'end' },
  { id: 'previousClose', header: text.columns.previousClose, cell: (row) => price(row.previousClose), align: 'end' },
  {
    id: 'volume',
    header: text.columns.volume,
    cell: (row) => formatQuantity(row.volume),
    sortValue: (row) => row.volume,
    align: 'end',
  },
  {
    id: 'turnover',
    header: text.columns.turnover,
    cell: (row) => groupIndian(row.turnover),
    // Paise as an integer: exact ordering without binary floating point.
    sortValue: (row) => BigInt(row.turnover.replace('.', '')),
    align: 'end',
  },
  {
    id: 'trades',
    header: text.columns.trades,
    cell: (row) => formatQuantity(row.trades),
    sortValue: (row) => row.trades,
    align: 'end',
  },
];

/** The bhav copy's CSV: plain decimals, no grouping, so a spreadsheet reads numbers. */
export function bhavCopyCsv(rows: readonly BhavCopyRow[]): string[][] {
  const c = text.columns;
  return [
    [c.symbol, c.isin, c.open, c.high, c.low, c.last, c.previousClose, c.volume, c.turnover, c.trades],
    ...rows.map((r) => [
      r.symbol,
      r.isin,
      r.open ?? '',
      r.high ?? '',
      r.low ?? '',
      r.last,
      r.previousClose,
      String(r.volume),
      r.turnover,
      String(r.trades),
    ]),
  ];
}

/** /home/bhavcopy: the day's statistics of a cash market's equities from the simulated exchange, exportable as CSV. */
export function BhavCopyPage() {
  const titleId = useId();
  const searchId = useId();
  const [exchange, setExchange] = useState<BhavCopyExchange>('NSE');
  const [search, setSearch] = useState('');
  const [tradedOnly, setTradedOnly] = useState(false);
  const copy = useBhavCopy(exchange);
  const data = copy.data;
  const needle = search.trim().toUpperCase();
  const rows = data?.rows.filter((r) => r.symbol.includes(needle) && (!tradedOnly || r.trades > 0));
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.switch} role="radiogroup" aria-label={text.exchangeLabel}>
          {bhavCopyExchanges.map((e) => (
            <button
              key={e}
              type="button"
              role="radio"
              aria-checked={exchange === e}
              className={styles.switchButton}
              onClick={() => setExchange(e)}
            >
              {e}
            </button>
          ))}
        </div>
        <div className={styles.tools}>
          <label htmlFor={searchId} className={styles.visuallyHidden}>
            {text.search}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.search}
            placeholder={text.search}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <label className={styles.checkbox}>
            <input type="checkbox" checked={tradedOnly} onChange={(event) => setTradedOnly(event.target.checked)} />
            {text.tradedOnly}
          </label>
          <Button
            size="small"
            disabled={!data || !rows || rows.length === 0}
            onClick={() => data && rows && exportCsv(text.fileName(data.exchange, data.sessionDate), bhavCopyCsv(rows))}
          >
            {informationText.common.exportCsv}
          </Button>
          <IconButton
            label={informationText.common.refresh}
            icon={<RefreshIcon />}
            onClick={() => void copy.refetch()}
          />
        </div>
      </header>
      {data && (
        <p className={styles.note} data-testid="bhav-as-of">
          {text.asOf(displayDate(data.sessionDate), data.asOf.slice(11))}{' '}
          {text.traded(data.rows.filter((r) => r.trades > 0).length, data.rows.length)}{' '}
          {data.status === 'closed' || data.status === 'post-close' ? text.final : text.provisional}
        </p>
      )}
      <div className={styles.panel}>
        <DataTable
          caption={text.caption(exchange)}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.symbol}
          loading={copy.isFetching}
          loadingText={informationText.common.loading}
          error={copy.isError ? copy.error.message : undefined}
          empty={text.empty}
          defaultSort={{ columnId: 'symbol', direction: 'asc' }}
        />
      </div>
    </section>
  );
}
