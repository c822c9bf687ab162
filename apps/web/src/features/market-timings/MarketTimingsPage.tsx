import { investingText, marketExchanges, type infoExchangeTimings, type ResponseData, displayDate } from '@kite/domain';
import { useId } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { useExchangeTimings } from './api/exchange-timings.ts';
import { nextChangeText, sessionText } from './timings-format.ts';
import styles from './market-timings.module.css';

const text = investingText.marketTimings;

type Timings = ResponseData<typeof infoExchangeTimings>;
type ExchangeRow = Timings['exchanges'][number];

const STATUS_CLASS: Record<ExchangeRow['status'], string | undefined> = {
  open: styles.open,
  'pre-open': styles.between,
  'post-close': styles.between,
  closed: styles.closed,
};

function columns(feedTime: string): DataColumn<ExchangeRow>[] {
  return [
    {
      id: 'exchange',
      header: text.columns.exchange,
      cell: (row) => row.exchange,
      sortValue: (row) => marketExchanges.indexOf(row.exchange),
    },
    { id: 'segment', header: text.columns.segment, cell: (row) => text.segments[row.exchange] },
    {
      id: 'status',
      header: text.columns.status,
      cell: (row) => (
        <span className={`${styles.status} ${STATUS_CLASS[row.status] ?? ''}`} data-testid={`status-${row.exchange}`}>
          {text.statuses[row.status]}
        </span>
      ),
    },
    {
      id: 'preOpen',
      header: text.columns.preOpen,
      cell: (row) => sessionText(row.sessions, 'pre-open'),
      align: 'center',
    },
    { id: 'normal', header: text.columns.normal, cell: (row) => sessionText(row.sessions, 'open'), align: 'center' },
    {
      id: 'postClose',
      header: text.columns.postClose,
      cell: (row) => sessionText(row.sessions, 'post-close'),
      align: 'center',
    },
    { id: 'next', header: text.columns.next, cell: (row) => nextChangeText(row.nextChange, row.nextStatus, feedTime) },
  ];
}

/** /home/markettimings: each exchange's status now and its session hours today (investing.md "Market status"). */
export function MarketTimingsPage() {
  const titleId = useId();
  const timings = useExchangeTimings();
  const data = timings.data;
  // Weekends and holidays: every exchange shows its next trading day; say which day once, above the table.
  const nextDay = data?.exchanges.find((row) => !row.tradingToday)?.sessionDate;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.tools}>
          {data && (
            <span className={styles.clock}>
              {text.exchangeTime}{' '}
              <span className="num" data-testid="exchange-time">
                {displayDate(data.exchfeedtime)}
              </span>{' '}
              IST
            </span>
          )}
          <IconButton label={text.refresh} icon={<RefreshIcon />} onClick={() => void timings.refetch()} />
        </div>
      </header>
      {data?.mode === 'always' && <p className={styles.note}>{text.alwaysOpen}</p>}
      {nextDay && <p className={styles.note}>{text.nextTradingDay(displayDate(nextDay))}</p>}
      <div className={styles.panel}>
        <DataTable
          caption={text.caption}
          columns={columns(data?.exchfeedtime ?? '')}
          rows={data?.exchanges}
          rowKey={(row) => row.exchange}
          loading={timings.isFetching}
          loadingText={text.loading}
          error={timings.isError ? timings.error.message : undefined}
          stickyHeader={false}
        />
      </div>
    </section>
  );
}
