import {
  deriveAbilities,
  ORDER_STATUS_FILTERS,
  parsePrice,
  tradingText,
  type OrderRow,
  type OrderStatusFilter,
  type TradeExchange,
  type TradeSegment,
} from '@kite/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { CollapseIcon } from '../../components/icons/icons.tsx';
import { useLoginState } from '../../lib/session/session-store.ts';
import { streamKeyFor, useStreamRegistration } from '../../lib/stream/stream.ts';
import { useLevel1 } from '../../lib/stream/tick-store.ts';
import { displayPrice } from '../market-data/price-format.ts';
import { useMyOrders } from './api/my-orders.ts';
import { cancelOrExitOrder } from './cancel-flow.ts';
import { openModifyOrder } from './modify-order.ts';
import { RefreshIcon } from '../../components/icons/icons.tsx';
import { ChevronRightIcon, InfoDotIcon } from './order-icons.tsx';
import { OrderDetails } from './OrderDetails.tsx';
import { OrderLegs } from './OrderLegs.tsx';
import { openOrderLog } from './OrderLogDialog.tsx';
import { canCancel, canModify, hasLegs, orderPriceDecimals, rejectReasonHint } from './order-rules.ts';
import { orderExchangesFor, orderTabsFor } from './order-tabs.ts';
import { useOrderRefresh } from './use-order-refresh.ts';
import styles from './orders.module.css';
import { TabList } from '../../components/tabs/index.ts';

const text = tradingText.orderBook;
const ordersText = tradingText.orders;
const DASHBOARD_PATH = '/home/dashboard';
const SCREEN = 'myorders';

type Area = 'details' | 'legs';

function orderStreamKey(order: OrderRow): string {
  // Order rows carry no stream symbol; the trading symbol names it on the older feed.
  return streamKeyFor({ exc: order.sym.exc, streamSym: order.sym.trSymbol ?? order.sym.xSym, exc_seg: order.sym.exc_seg, xSym: order.sym.xSym });
}

function LiveLtp({ order }: { order: OrderRow }) {
  const tick = useLevel1(orderStreamKey(order));
  return <>{tick ? displayPrice(tick.ltp, orderPriceDecimals(order)) : '--'}</>;
}

const STATUS_CLASS: Record<OrderRow['ordStatus'], string | undefined> = {
  EXECUTED: styles.executed,
  REJECTED: styles.rejected,
  CANCELLED: styles.cancelled,
  OUTSTANDING: styles.outstanding,
  'REQUEST SENT': styles.outstanding,
  OFFLINE: styles.cancelled,
};

export function OrderStatus({ order }: { order: OrderRow }) {
  const reason = rejectReasonHint(order);
  return (
    <span className={styles.status}>
      <span className={STATUS_CLASS[order.ordStatus]}>{order.ordStatus}</span>
      {reason && (
        <span className={styles.hint} role="img" aria-label={text.rejectReasonOf(reason)} title={reason}>
          <InfoDotIcon />
        </span>
      )}
    </span>
  );
}

function initialTab(state: unknown, tabs: readonly TradeSegment[]): TradeSegment | null {
  const asked = (state as { tab?: unknown } | null)?.tab;
  if (typeof asked === 'string' && (tabs as readonly string[]).includes(asked)) return asked as TradeSegment;
  return tabs[0] ?? null;
}

/** /home/myorders (trading.md 2.3, 4.3, 6, 8). */
export function MyOrdersPage() {
  const login = useLoginState();
  const navigate = useNavigate();
  const location = useLocation();
  const abilities = useMemo(() => (login ? deriveAbilities(login.accountDetails, login.flags) : null), [login]);
  const tabs = useMemo(() => (abilities ? orderTabsFor(abilities) : []), [abilities]);
  const tabIds = tabs.map((t) => t.id);
  const [tab, setTab] = useState<TradeSegment | null>(() => initialTab(location.state, tabIds));
  const exchanges = tab && abilities ? orderExchangesFor(tab, abilities) : [];
  const [exchange, setExchange] = useState<TradeExchange | null>(exchanges[0] ?? null);
  const [status, setStatus] = useState<OrderStatusFilter>('ALL');
  const [open, setOpen] = useState<ReadonlyMap<string, Area>>(new Map());
  const baseId = useId();
  const refresh = useOrderRefresh();

  const selectTab = (next: TradeSegment) => {
    setTab(next);
    setExchange((abilities ? orderExchangesFor(next, abilities) : [])[0] ?? null);
    setOpen(new Map());
  };

  // The order dialog opens this screen on the placed order's tab (trading.md 4.1), also when it is already shown.
  const askedTab = (location.state as { tab?: unknown } | null)?.tab;
  useEffect(() => {
    if (typeof askedTab === 'string' && askedTab !== tab && (tabIds as string[]).includes(askedTab)) selectTab(askedTab as TradeSegment);
    // Only a new history entry asks for a tab; the client's own tab choices after it stand.
  }, [location.key]);

  const query = useMyOrders(tab && exchange ? { tab, exc: exchange, status } : null);
  const orders = query.data;
  useStreamRegistration(SCREEN, useMemo(() => (orders ?? []).map(orderStreamKey), [orders]), 'level1');

  const toggleArea = (order: OrderRow, area: Area) => {
    const next = new Map(open);
    // trading.md 4.3: only one of the two areas of a row is open at a time.
    if (next.get(order.orderId) === area) next.delete(order.orderId);
    else next.set(order.orderId, area);
    setOpen(next);
  };
  const onCancel = async (order: OrderRow) => {
    if ((await cancelOrExitOrder(order)) === 'sent') refresh();
  };

  const columns: DataColumn<OrderRow>[] = [
    {
      id: 'expand',
      header: '',
      label: text.details,
      width: '32px',
      className: styles.toggleCell,
      cell: (o) => (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open.get(o.orderId) === 'details'}
          aria-label={text.detailsOf(o.displaySym)}
          onClick={() => toggleArea(o, 'details')}
        >
          <ChevronRightIcon open={open.get(o.orderId) === 'details'} />
        </button>
      ),
    },
    { id: 'time', header: text.columns.time, cell: (o) => o.ordTime, sortValue: (o) => `${o.ordDate} ${o.ordTime}` },
    {
      id: 'symbol',
      header: text.columns.symbol,
      sortValue: (o) => o.displaySym,
      cell: (o) => (
        <span className={styles.symbol}>
          {o.displaySym}
          <span className={styles.exchangeTag}>{o.sym.exc}</span>
          {o.isAmo && <span className={styles.tag}>AMO</span>}
        </span>
      ),
    },
    {
      id: 'action',
      header: text.columns.action,
      sortValue: (o) => o.ordAction,
      cell: (o) => <span className={o.ordAction === 'BUY' ? styles.buy : styles.sell}>{o.ordAction}</span>,
    },
    { id: 'product', header: text.columns.product, cell: (o) => o.prdType, sortValue: (o) => o.prdType },
    { id: 'type', header: text.columns.orderType, cell: (o) => o.ordType.toUpperCase(), sortValue: (o) => o.ordType },
    { id: 'qty', header: text.columns.qty, align: 'end', cell: (o) => `${o.tradedQty}/${o.qty}`, sortValue: (o) => o.qty },
    {
      id: 'price',
      header: text.columns.price,
      align: 'end',
      cell: (o) => displayPrice(o.limitPrice, orderPriceDecimals(o)),
      sortValue: (o) => parsePrice(o.limitPrice, 4),
    },
    {
      id: 'trigger',
      header: text.columns.triggerPrice,
      align: 'end',
      cell: (o) => displayPrice(o.triggerPrice, orderPriceDecimals(o)),
      sortValue: (o) => parsePrice(o.triggerPrice, 4),
    },
    {
      id: 'avg',
      header: text.columns.avgPrice,
      align: 'end',
      cell: (o) => displayPrice(o.avgPrice, orderPriceDecimals(o)),
      sortValue: (o) => parsePrice(o.avgPrice, 4),
    },
    { id: 'ltp', header: text.columns.ltp, align: 'end', cell: (o) => <LiveLtp order={o} /> },
    { id: 'status', header: text.columns.status, cell: (o) => <OrderStatus order={o} />, sortValue: (o) => o.ordStatus },
    {
      id: 'actions',
      header: text.columns.actions,
      align: 'end',
      pinEnd: true,
      cell: (o) => (
        <span className={styles.actions}>
          {hasLegs(o) && (
            <Button size="small" variant="ghost" aria-expanded={open.get(o.orderId) === 'legs'} aria-label={text.legsOf(o.displaySym)} onClick={() => toggleArea(o, 'legs')}>
              {text.legs.toUpperCase()}
            </Button>
          )}
          <Button size="small" disabled={!canModify(o)} onClick={() => openModifyOrder(o)}>
            {ordersText.modify}
          </Button>
          <Button size="small" disabled={!canCancel(o)} onClick={() => void onCancel(o)}>
            {ordersText.cancelExit}
          </Button>
          <Button size="small" variant="ghost" aria-label={text.historyOf(o.displaySym)} onClick={() => void openOrderLog(o)}>
            {ordersText.history}
          </Button>
        </span>
      ),
    },
  ];

  const tabPanelId = `${baseId}-panel`;
  const tabId = (id: TradeSegment) => `${baseId}-tab-${id}`;

  return (
    <section className={styles.page} aria-labelledby={`${baseId}-title`}>
      <header className={styles.toolbar}>
        <h1 id={`${baseId}-title`} className={styles.title}>
          {ordersText.title}
        </h1>
        <TabList
          tabs={tabs}
          selected={tab}
          onSelect={(id) => id !== tab && selectTab(id)}
          label={text.segmentTabs}
          panelId={tabPanelId}
          tabId={tabId}
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        <div className={styles.controls}>
          {exchanges.length > 0 && (
            <div role="group" aria-label={text.exchange} className={styles.switch}>
              {exchanges.map((exc) => (
                <button
                  key={exc}
                  type="button"
                  aria-pressed={exc === exchange}
                  className={styles.switchButton}
                  onClick={() => {
                    if (exc === exchange) return;
                    setExchange(exc);
                    setOpen(new Map());
                  }}
                >
                  {exc}
                </button>
              ))}
            </div>
          )}
          <label className={styles.filter}>
            <span>{text.status}</span>
            <select
              className={styles.select}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as OrderStatusFilter);
                setOpen(new Map());
              }}
            >
              {ORDER_STATUS_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {ordersText.statusFilter[value]}
                </option>
              ))}
            </select>
          </label>
          <IconButton label={text.refresh} icon={<RefreshIcon />} onClick={() => void query.refetch()} disabled={!tab} />
          <IconButton label={text.collapse} icon={<CollapseIcon />} onClick={() => navigate(DASHBOARD_PATH)} />
        </div>
      </header>
      {tab ? (
        <div id={tabPanelId} role="tabpanel" aria-labelledby={tabId(tab)} className={styles.panel}>
          <DataTable
            caption={`${text.caption}: ${tabs.find((t) => t.id === tab)?.label ?? ''}`}
            columns={columns}
            rows={orders}
            rowKey={(o) => o.orderId}
            loading={query.isFetching}
            loadingText={text.loading}
            error={query.error ? query.error.message : undefined}
            empty={text.empty}
            expandToggle={false}
            expandedKeys={new Set(open.keys())}
            renderExpanded={(o) => {
              const area = open.get(o.orderId);
              if (area === 'details') return <OrderDetails order={o} />;
              if (area === 'legs' && hasLegs(o)) return <OrderLegs order={o} />;
              return null;
            }}
          />
        </div>
      ) : (
        <p className={styles.noSegments}>{text.noSegments}</p>
      )}
    </section>
  );
}
