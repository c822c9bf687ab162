import { deriveAbilities, parsePrice, priceDecimalsOf, tradingText, type TradeSegment } from '@kite/domain';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { CollapseIcon } from '../../components/icons/icons.tsx';
import { useLoginState } from '../../lib/session/session-store.ts';
import { useOrderUpdates } from '../../lib/stream/order-updates.ts';
import { displayPrice } from '../market-data/price-format.ts';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { orderTabsFor } from '../orders/order-tabs.ts';
import { useMyTrades, type TradeRow } from './api/my-trades.ts';
import styles from './trades.module.css';
import { TabList } from '../../components/tabs/index.ts';

const text = tradingText.trades;
const columnsText = text.columns;

const price = (t: TradeRow) => displayPrice(t.tradedPrice, priceDecimalsOf(t.sym.instr, t.exc));

/** The trades report columns, in the spec's order (trading.md 3). */
export const tradeColumns: DataColumn<TradeRow>[] = [
  { id: 'displaySym', header: columnsText.displaySym, cell: (t) => <span className={styles.symbol}>{t.displaySym}</span>, sortValue: (t) => t.displaySym },
  {
    id: 'ordAction',
    header: columnsText.ordAction,
    cell: (t) => <span className={t.ordAction === 'BUY' ? styles.buy : styles.sell}>{t.ordAction}</span>,
    sortValue: (t) => t.ordAction,
  },
  { id: 'exc', header: columnsText.exc, cell: (t) => t.exc, sortValue: (t) => t.exc },
  { id: 'ordType', header: columnsText.ordType, cell: (t) => t.ordType.toUpperCase(), sortValue: (t) => t.ordType },
  { id: 'tradedPrice', header: columnsText.tradedPrice, cell: price, sortValue: (t) => parsePrice(t.tradedPrice, 4), align: 'end' },
  { id: 'tradedQty', header: columnsText.tradedQty, cell: (t) => t.tradedQty, sortValue: (t) => t.tradedQty, align: 'end' },
  { id: 'prdType', header: columnsText.prdType, cell: (t) => t.prdType, sortValue: (t) => t.prdType },
  { id: 'orderId', header: columnsText.orderId, cell: (t) => t.orderId, sortValue: (t) => t.orderId },
  { id: 'exchOrderId', header: columnsText.exchOrderId, cell: (t) => t.exchOrderId, sortValue: (t) => t.exchOrderId },
  { id: 'exchTradeId', header: columnsText.exchTradeId, cell: (t) => t.exchTradeId, sortValue: (t) => t.exchTradeId },
  { id: 'tradeTime', header: columnsText.tradeTime, cell: (t) => t.tradeTime, sortValue: (t) => t.tradeTime },
];

/** /home/mytrades: today's trades per segment tab. */
export function MyTradesPage() {
  const login = useLoginState();
  const navigate = useNavigate();
  const baseId = useId();
  const tabs = useMemo(() => (login ? orderTabsFor(deriveAbilities(login.accountDetails, login.flags)) : []), [login]);
  const [tab, setTab] = useState<TradeSegment | null>(tabs[0]?.id ?? null);
  const query = useMyTrades(tab);
  // A fill pushed by the order engine is a new trade.
  useOrderUpdates(() => void query.refetch());
  const panelId = `${baseId}-panel`;
  const tabId = (id: TradeSegment) => `${baseId}-tab-${id}`;
  return (
    <section className={styles.page} aria-labelledby={`${baseId}-title`}>
      <header className={styles.toolbar}>
        <h1 id={`${baseId}-title`} className={styles.title}>
          {text.title}
        </h1>
        <TabList
          tabs={tabs}
          selected={tab}
          onSelect={setTab}
          label={tradingText.orderBook.segmentTabs}
          panelId={panelId}
          tabId={tabId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        <div className={styles.controls}>
          <IconButton label={tradingText.orderBook.refresh} icon={<RefreshIcon />} onClick={() => void query.refetch()} disabled={!tab} />
          <IconButton label={tradingText.orderBook.collapse} icon={<CollapseIcon />} onClick={() => navigate('/home/dashboard')} />
        </div>
      </header>
      {tab ? (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className={styles.panel}>
          <DataTable
            caption={`${text.caption}: ${tabs.find((t) => t.id === tab)?.label ?? ''}`}
            columns={tradeColumns}
            rows={query.data}
            rowKey={(t) => `${t.exc}|${t.exchTradeId}|${t.orderId}`}
            loading={query.isFetching}
            loadingText={text.loading}
            error={query.error ? query.error.message : undefined}
            empty={text.empty}
          />
        </div>
      ) : (
        <p className={styles.noSegments}>{tradingText.orderBook.noSegments}</p>
      )}
    </section>
  );
}
