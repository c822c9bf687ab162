import { groupIndian, newsText, type WorldIndex } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { ChevronDownIcon } from '../../../components/icons/icons.tsx';
import { useWorldIndices } from './world-markets.ts';
import styles from './world-markets.module.css';

const text = newsText.world;

const sign = (value: string) => (value.startsWith('-') ? 'down' : /[1-9]/.test(value) ? 'up' : '');

const columns: DataColumn<WorldIndex>[] = [
  {
    id: 'index',
    header: text.columns.index,
    width: '26%',
    cell: (i) => <span className={styles.name}>{i.indexName}</span>,
  },
  { id: 'country', header: text.columns.country, width: '20%', cell: (i) => i.country },
  {
    id: 'ltp',
    header: text.columns.ltp,
    align: 'end',
    width: '14%',
    cell: (i) => <span className="num">{groupIndian(i.ltp)}</span>,
  },
  {
    id: 'chng',
    header: text.columns.change,
    align: 'end',
    width: '12%',
    cell: (i) => <span className={`num ${sign(i.chng)}`}>{groupIndian(i.chng)}</span>,
  },
  {
    id: 'chngPer',
    header: text.columns.changePercent,
    align: 'end',
    width: '12%',
    cell: (i) => <span className={`num ${sign(i.chngPer)}`}>{`${i.chngPer}%`}</span>,
  },
  {
    id: 'updated',
    header: text.columns.updated,
    align: 'end',
    cell: (i) => <span className="num">{i.LUpdatedTime}</span>,
  },
];

function Continent({
  name,
  indices,
  open,
  onToggle,
}: {
  name: string;
  indices: WorldIndex[];
  open: boolean;
  onToggle: () => void;
}) {
  const panelId = useId();
  return (
    <section className={styles.continent}>
      <h3 className={styles.heading}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <span className={styles.chevron} data-open={open}>
            <ChevronDownIcon />
          </span>
          {name}
        </button>
      </h3>
      {open && (
        <div id={panelId}>
          <DataTable
            caption={text.caption(name)}
            columns={columns}
            rows={indices}
            rowKey={(i) => i.indexName}
            stickyHeader={false}
          />
        </div>
      )}
    </section>
  );
}

/** World Market Summary (investing.md 2 "World markets..."): an accordion by continent, each with an index table. */
export function WorldMarketsWidget() {
  const query = useWorldIndices();
  const [openContinents, setOpenContinents] = useState<ReadonlySet<string> | null>(null);
  if (query.error)
    return (
      <p role="alert" className={styles.error}>
        {query.error.message}
      </p>
    );
  if (!query.data)
    return (
      <p role="status" className={styles.message}>
        {text.loading}
      </p>
    );
  if (query.data.length === 0) return <p className={styles.message}>{text.empty}</p>;
  // The first continent starts open.
  const open = openContinents ?? new Set([query.data[0]!.continentName]);
  const toggle = (name: string) => {
    const next = new Set(open);
    if (!next.delete(name)) next.add(name);
    setOpenContinents(next);
  };
  return (
    <div className={styles.widget}>
      {query.data.map((group) => (
        <Continent
          key={group.continentName}
          name={group.continentName}
          indices={group.indices}
          open={open.has(group.continentName)}
          onToggle={() => toggle(group.continentName)}
        />
      ))}
    </div>
  );
}
