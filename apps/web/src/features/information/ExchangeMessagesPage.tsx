import { bulletinExchanges, type ExchangeMessage, informationText, displayDate } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { useExchangeMessages } from './api/info-calls.ts';
import styles from './information.module.css';

const text = informationText.exchangeMessages;
type Filter = (typeof bulletinExchanges)[number] | 'ALL';

const columns: DataColumn<ExchangeMessage>[] = [
  {
    id: 'postedAt',
    header: text.columns.postedAt,
    cell: (row) => <span className="num">{displayDate(row.postedAt)}</span>,
    sortValue: (row) => row.postedAt,
    width: '150px',
  },
  {
    id: 'exchange',
    header: text.columns.exchange,
    cell: (row) => <span className={styles.badge}>{row.exchange}</span>,
    sortValue: (row) => row.exchange,
    width: '90px',
  },
  { id: 'category', header: text.columns.category, cell: (row) => row.category, width: '120px' },
  {
    id: 'subject',
    header: text.columns.subject,
    cell: (row) => (
      <>
        <span className={styles.subject}>{row.subject}</span>
        <p className={styles.messageText}>{row.message}</p>
      </>
    ),
  },
];

/** /home/exchangemessages: the simulated exchanges' bulletin, newest first, filterable by exchange. */
export function ExchangeMessagesPage() {
  const titleId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState<Filter>('ALL');
  const messages = useExchangeMessages();
  const rows = messages.data?.filter((m) => filter === 'ALL' || m.exchange === filter);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.tools}>
          <label className={styles.filter} htmlFor={filterId}>
            {text.filterLabel}
            <select
              id={filterId}
              className={styles.select}
              value={filter}
              onChange={(event) => setFilter(event.target.value as Filter)}
            >
              <option value="ALL">{text.all}</option>
              {bulletinExchanges.map((exchange) => (
                <option key={exchange} value={exchange}>
                  {exchange}
                </option>
              ))}
            </select>
          </label>
          <IconButton
            label={informationText.common.refresh}
            icon={<RefreshIcon />}
            onClick={() => void messages.refetch()}
          />
        </div>
      </header>
      <div className={styles.panel}>
        <DataTable
          caption={text.caption}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={messages.isFetching}
          loadingText={informationText.common.loading}
          error={messages.isError ? messages.error.message : undefined}
          empty={text.empty}
        />
      </div>
    </section>
  );
}
