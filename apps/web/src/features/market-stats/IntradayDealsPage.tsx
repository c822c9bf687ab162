import { formatQuantity, marketStatsText, parsePrice, type Deal, displayDate } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import { useIntradayDeals, type DealKind, type StatsExchange } from './api/market-stats.ts';
import { ExchangeSwitch } from './ExchangeSwitch.tsx';
import styles from './market-stats.module.css';
import { croreText, grouped } from './stats-format.ts';

const text = marketStatsText;
const deals = text.deals;
const kinds: readonly DealKind[] = ['block', 'bulk'];

const columns: DataColumn<Deal>[] = [
  { id: 'time', header: deals.columns.time, cell: (row) => row.time, sortValue: (row) => row.time },
  {
    id: 'symbol',
    header: text.columns.symbol,
    cell: (row) => (
      <span title={row.companyName}>
        <strong>{row.displaySym}</strong>
      </span>
    ),
    sortValue: (row) => row.displaySym,
  },
  { id: 'client', header: deals.columns.client, cell: (row) => row.client, sortValue: (row) => row.client },
  {
    id: 'side',
    header: deals.columns.side,
    cell: (row) => <span className={row.side === 'BUY' ? styles.buy : styles.sell}>{deals.sides[row.side]}</span>,
    sortValue: (row) => row.side,
  },
  {
    id: 'qty',
    header: deals.columns.quantity,
    cell: (row) => formatQuantity(row.qty),
    sortValue: (row) => row.qty,
    align: 'end',
  },
  {
    id: 'price',
    header: deals.columns.price,
    cell: (row) => grouped(row.price),
    sortValue: (row) => parsePrice(row.price, 2),
    align: 'end',
  },
  {
    id: 'close',
    header: text.columns.prevClose,
    cell: (row) => grouped(row.closePrice),
    sortValue: (row) => parsePrice(row.closePrice, 2),
    align: 'end',
  },
  {
    id: 'value',
    header: deals.columns.value,
    cell: (row) => croreText(row.value),
    sortValue: (row) => parsePrice(row.value, 2),
    align: 'end',
  },
];

/** /home/ms/eq/mkt/intradaydeals: the day's block and bulk deals of an exchange, from a seeded simulated feed. */
export function IntradayDealsPage() {
  const titleId = useId();
  const panelId = useId();
  const [exc, setExc] = useState<StatsExchange>('NSE');
  const [kind, setKind] = useState<DealKind>('block');
  const answer = useIntradayDeals(exc, kind);
  const data = answer.data;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {deals.title}
        </h1>
      </header>
      <p className={styles.note} data-testid="simulated-note">
        {deals.simulated}
      </p>
      <div className={styles.listBar}>
        <TabList
          tabs={kinds.map((id) => ({ id, label: deals.kinds[id] }))}
          selected={kind}
          onSelect={setKind}
          label={deals.kindLabel}
          panelId={panelId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        <ExchangeSwitch value={exc} onChange={setExc} />
      </div>
      <div className={styles.panel} id={panelId} role="tabpanel">
        <DataTable
          caption={data ? deals.caption(deals.kinds[kind], exc, displayDate(data.date)) : deals.kinds[kind]}
          showCaption
          columns={columns}
          rows={data?.deals}
          rowKey={(row) => `${row.time} ${row.sym.id} ${row.client} ${row.side} ${row.qty}`}
          loading={answer.isFetching && !data}
          loadingText={text.loading}
          error={answer.isError ? text.error : undefined}
          empty={deals.empty[kind]}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}
