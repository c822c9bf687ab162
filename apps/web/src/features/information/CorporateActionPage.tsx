import { type CorporateAction, corporateActionTypes, informationText, displayDate } from '@kite/domain';
import { istToday } from '../../components/inputs/date-format.ts';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { useCorporateActions } from './api/info-calls.ts';
import styles from './information.module.css';

const text = informationText.corporateAction;
type Period = 'upcoming' | 'past';
type TypeFilter = CorporateAction['type'] | 'ALL';

const columns: DataColumn<CorporateAction>[] = [
  {
    id: 'symbol',
    header: text.columns.symbol,
    cell: (row) => <strong>{row.symbol}</strong>,
    sortValue: (row) => row.symbol,
  },
  { id: 'company', header: text.columns.company, cell: (row) => row.companyName },
  {
    id: 'exchange',
    header: text.columns.exchange,
    cell: (row) => <span className={styles.badge}>{row.exchange}</span>,
    width: '90px',
  },
  { id: 'type', header: text.columns.type, cell: (row) => text.types[row.type], sortValue: (row) => row.type },
  { id: 'purpose', header: text.columns.purpose, cell: (row) => row.purpose },
  {
    id: 'exDate',
    header: text.columns.exDate,
    cell: (row) => <span className="num">{displayDate(row.exDate)}</span>,
    sortValue: (row) => row.exDate,
    align: 'end',
  },
  {
    id: 'recordDate',
    header: text.columns.recordDate,
    cell: (row) => <span className="num">{displayDate(row.recordDate)}</span>,
    sortValue: (row) => row.recordDate,
    align: 'end',
  },
];

/**
 * /home/corporateaction: the bulletin's corporate actions. Upcoming (record date today or later, the nearest first)
 * or past (the latest first), filterable by type.
 */
export function CorporateActionPage() {
  const titleId = useId();
  const typeId = useId();
  const [period, setPeriod] = useState<Period>('upcoming');
  const [type, setType] = useState<TypeFilter>('ALL');
  const actions = useCorporateActions();
  const today = istToday();
  const rows = actions.data
    ?.filter((a) => (period === 'upcoming' ? a.recordDate >= today : a.recordDate < today))
    .filter((a) => type === 'ALL' || a.type === type)
    .sort((a, b) => (period === 'upcoming' ? 1 : -1) * a.recordDate.localeCompare(b.recordDate));
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.switch} role="radiogroup" aria-label={text.caption}>
          {(['upcoming', 'past'] as const).map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={period === p}
              className={styles.switchButton}
              onClick={() => setPeriod(p)}
            >
              {text[p]}
            </button>
          ))}
        </div>
        <div className={styles.tools}>
          <label className={styles.filter} htmlFor={typeId}>
            {text.typeLabel}
            <select
              id={typeId}
              className={styles.select}
              value={type}
              onChange={(e) => setType(e.target.value as TypeFilter)}
            >
              <option value="ALL">{text.allTypes}</option>
              {corporateActionTypes.map((t) => (
                <option key={t} value={t}>
                  {text.types[t]}
                </option>
              ))}
            </select>
          </label>
          <IconButton
            label={informationText.common.refresh}
            icon={<RefreshIcon />}
            onClick={() => void actions.refetch()}
          />
        </div>
      </header>
      <div className={styles.panel}>
        <DataTable
          caption={text.caption}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={actions.isFetching}
          loadingText={informationText.common.loading}
          error={actions.isError ? actions.error.message : undefined}
          empty={text.empty}
        />
      </div>
    </section>
  );
}
