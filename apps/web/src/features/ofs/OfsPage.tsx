import { addIsoDays, displayDate, formatAmount, formatQuantity, informationText } from '@kite/domain';
import { istToday } from '../../components/inputs/date-format.ts';
import { useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { TabList } from '../../components/tabs/index.ts';
import { openOfsBid } from './OfsBidDialog.tsx';
import { OFS_OFFERS, type OfsOffer } from './ofs-samples.ts';
import styles from './ofs.module.css';

const text = informationText.ofs;
type Tab = keyof typeof text.tabs;
type Exchange = OfsOffer['exchange'];
const TABS = (Object.keys(text.tabs) as Tab[]).map((id) => ({ id, label: text.tabs[id] }));

/** The IST date `offset` days from today, dd/mm/yyyy. */
const dayFromToday = (offset: number): string => displayDate(addIsoDays(istToday(), offset));

/** An offer is active from its non-retail day to its retail day (T and T+1); forthcoming before. */
const isActive = (offer: OfsOffer): boolean => offer.startsIn <= 0 && offer.startsIn >= -1;

function columns(tab: Tab): DataColumn<OfsOffer>[] {
  const list: DataColumn<OfsOffer>[] = [
    {
      id: 'symbol',
      header: text.columns.symbol,
      cell: (row) => (
        <>
          <strong>{row.symbol}</strong>
          <span className={styles.company}>{row.company}</span>
        </>
      ),
    },
    {
      id: 'floorPrice',
      header: text.columns.floorPrice,
      cell: (row) => formatAmount(row.floorPricePaise),
      align: 'end',
    },
    {
      id: 'offerSize',
      header: text.columns.offerSize,
      cell: (row) => formatQuantity(row.sharesOffered),
      align: 'end',
    },
    {
      id: 'nonRetailDate',
      header: text.columns.nonRetailDate,
      cell: (row) => <span className="num">{dayFromToday(row.startsIn)}</span>,
      align: 'end',
    },
    {
      id: 'retailDate',
      header: text.columns.retailDate,
      cell: (row) => <span className="num">{dayFromToday(row.startsIn + 1)}</span>,
      align: 'end',
    },
  ];
  if (tab === 'active') {
    list.push({
      id: 'buy',
      header: '',
      label: text.buy,
      cell: (row) => (
        <Button
          size="small"
          variant="buy"
          aria-label={`${text.buy} ${row.symbol}`}
          onClick={() => void openOfsBid(row)}
        >
          {text.buy}
        </Button>
      ),
      align: 'end',
      width: '80px',
    });
  }
  return list;
}

/** /home/ofs: the offer-for-sale mock-up (investing.md 2): static sample rows, no server call. */
export function OfsPage() {
  const titleId = useId();
  const panelId = useId();
  const [tab, setTab] = useState<Tab>('active');
  const [exchange, setExchange] = useState<Exchange>('NSE');
  const rows = OFS_OFFERS.filter((o) => o.exchange === exchange && (tab === 'active' ? isActive(o) : o.startsIn > 0));
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.title}
        </h1>
        <div className={styles.switch} role="radiogroup" aria-label={text.exchange}>
          {(['NSE', 'BSE'] as const).map((e) => (
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
      </header>
      <p className={styles.intro}>{text.intro}</p>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        labelledBy={titleId}
        panelId={panelId}
        className={styles.tabs}
        tabClassName={styles.tab}
      />
      <div id={panelId} role="tabpanel" aria-label={text.tabs[tab]} className={styles.panel}>
        <DataTable
          caption={text.caption(text.tabs[tab], exchange)}
          columns={columns(tab)}
          rows={rows}
          rowKey={(row) => row.symbol}
          empty={text.empty}
        />
      </div>
    </section>
  );
}
