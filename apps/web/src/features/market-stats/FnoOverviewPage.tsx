import { formatQuantity, marketStatsText, parsePrice, type OiRow, type PutCallRatio } from '@kite/domain';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import { useOpenInterest, usePutCallRatios, type FnoKind, type OiRank } from './api/market-stats.ts';
import { Change } from './Change.tsx';
import styles from './market-stats.module.css';
import { dayFirst, grouped } from './stats-format.ts';

const text = marketStatsText;
const fno = text.fno;
const ranks: readonly OiRank[] = ['oi', 'gainers', 'losers'];
const kinds: readonly FnoKind[] = ['futures', 'options'];

const columns: DataColumn<OiRow>[] = [
  {
    id: 'contract',
    header: fno.columns.contract,
    cell: (row) => <strong>{row.displaySym}</strong>,
    sortValue: (row) => row.displaySym,
  },
  {
    id: 'ltp',
    header: text.columns.ltp,
    cell: (row) => grouped(row.ltp),
    sortValue: (row) => parsePrice(row.ltp, 2),
    align: 'end',
  },
  {
    id: 'chngPer',
    header: text.columns.changePer,
    cell: (row) => <Change value={row.chngPer} percent />,
    sortValue: (row) => parsePrice(row.chngPer, 2),
    align: 'end',
  },
  {
    id: 'oi',
    header: fno.columns.oi,
    cell: (row) => formatQuantity(row.openInterest),
    sortValue: (row) => row.openInterest,
    align: 'end',
  },
  {
    id: 'oiChange',
    header: fno.columns.oiChange,
    cell: (row) => formatQuantity(row.oiChange),
    sortValue: (row) => row.oiChange,
    align: 'end',
  },
  {
    id: 'oiChangePer',
    header: fno.columns.oiChangePer,
    cell: (row) => <Change value={row.oiChangePer} percent />,
    sortValue: (row) => parsePrice(row.oiChangePer, 2),
    align: 'end',
  },
];

function PcrCards({ ratios, error }: { ratios: PutCallRatio[] | undefined; error: boolean }) {
  if (error)
    return (
      <p role="alert" className={styles.state}>
        {text.error}
      </p>
    );
  if (!ratios)
    return (
      <p role="status" className={styles.state}>
        {text.loading}
      </p>
    );
  return (
    <ul className={styles.cards} aria-label={fno.pcr}>
      {ratios.map((ratio) => (
        <li key={ratio.symbol} className={styles.card} data-testid={`pcr-${ratio.symbol}`}>
          <span className={styles.cardName}>{ratio.symbol}</span>
          <span className={`num ${styles.cardValue}`}>{ratio.pcr}</span>
          <span className={styles.cardChange}>{fno.pcrCard(dayFirst(ratio.expiry))}</span>
          <span className={styles.cardChange}>
            {fno.callOi} <span className="num">{formatQuantity(ratio.callOi)}</span>
          </span>
          <span className={styles.cardChange}>
            {fno.putOi} <span className="num">{formatQuantity(ratio.putOi)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /home/ms/fno/overview: each index's put-call ratio, and futures or options ranked by open interest. */
export function FnoOverviewPage() {
  const titleId = useId();
  const panelId = useId();
  const [kind, setKind] = useState<FnoKind>('futures');
  const [rank, setRank] = useState<OiRank>('oi');
  const ratios = usePutCallRatios();
  const rows = useOpenInterest(kind, rank);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {fno.title}
        </h1>
      </header>
      <PcrCards ratios={ratios.data} error={ratios.isError} />
      <div className={styles.listBar}>
        <TabList
          tabs={ranks.map((id) => ({ id, label: fno.tabs[id] }))}
          selected={rank}
          onSelect={setRank}
          label={fno.lists}
          panelId={panelId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        <div className={styles.switch} role="radiogroup" aria-label={fno.kind}>
          {kinds.map((id) => (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={id === kind}
              className={styles.switchButton}
              onClick={() => setKind(id)}
            >
              {fno.kinds[id]}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.panel} id={panelId} role="tabpanel">
        <DataTable
          caption={`${fno.tabs[rank]}: ${fno.kinds[kind]}`}
          columns={columns}
          rows={rows.data}
          rowKey={(row) => row.sym.id}
          loading={rows.isFetching && !rows.data}
          loadingText={text.loading}
          error={rows.isError ? text.error : undefined}
          empty={fno.empty[rank]}
        />
      </div>
    </section>
  );
}
