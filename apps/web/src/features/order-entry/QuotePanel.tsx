import { segmentOf, tradingText, type PriceDecimals } from '@kite/domain';
import { useEffect, useState } from 'react';
import { MarketDepth, type DepthView } from '../../components/market-depth/MarketDepth.tsx';
import type { StreamKey } from '@kite/domain';
import type { QuoteAnswer } from '../market-data/get-quote.ts';
import { displayPrice } from '../market-data/price-format.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { fetchHoldingSummary, type SymbolHoldingSummary } from './api/get-holdings-summary-by-symbol.ts';
import type { SymbolHoldings } from './api/get-holdings-by-symbol.ts';
import { messageOf, type Loaded } from './use-order-data.ts';
import type { LiveFigures } from './live-figures.ts';
import styles from './order-entry.module.css';
import { TabList } from '../../components/tabs/index.ts';

const t = tradingText.orderEntry;
const d = tradingText.orderDialog;

export const ORDER_DIALOG_SCREEN = 'order-dialog';

function depthFrom(answer: QuoteAnswer): DepthView {
  return {
    bids: answer.bids.map((level) => ({ bidNoOrders: level.orders, bidPrice: level.price, bidQty: level.qty })),
    asks: answer.asks.map((level) => ({ askNoOrders: level.orders, askPrice: level.price, askQty: level.qty })),
    totBuyQty: answer.quote.totBuyQty,
    totSellQty: answer.quote.totSellQty,
  };
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className="num">{value}</dd>
    </div>
  );
}

function HoldingsView({ scrip, holdings }: { scrip: ScripRef; holdings: Loaded<SymbolHoldings> }) {
  const equity = segmentOf(scrip.sym.instr, scrip.sym.exc) === 'equity';
  const [summary, setSummary] = useState<Loaded<SymbolHoldingSummary>>({ status: 'idle' });
  useEffect(() => {
    if (!equity) return;
    // trading.md 4.1: the holdings-summary call is made when the tab opens.
    const controller = new AbortController();
    setSummary({ status: 'loading' });
    fetchHoldingSummary(scrip.sym, controller.signal).then(
      (data) => !controller.signal.aborted && setSummary({ status: 'ok', data }),
      (error: unknown) => !controller.signal.aborted && setSummary({ status: 'error', message: messageOf(error) }),
    );
    return () => controller.abort();
  }, [equity, scrip.sym]);

  if (holdings.status === 'error') return <p role="alert" className={styles.panelMessage}>{holdings.message}</p>;
  if (holdings.status !== 'ok') return <p role="status" className={styles.panelMessage}>{d.holdingsLoading}</p>;
  const { holdings: h, positions } = holdings.data;
  const held = summary.status === 'ok' ? summary.data : null;
  return (
    <div className={styles.holdings}>
      {equity && (
        <dl className={styles.figures}>
          <Figure label={d.holdingQty} value={String(held?.qty ?? h.net)} />
          <Figure label={d.dpQty} value={String(h.cash.dp)} />
          <Figure label={d.nonPoaQty} value={String(h.cash.nonPoaQty)} />
          <Figure label={d.approvedQty} value={String(h.cash.confNonPoaQty)} />
          {held && <Figure label={d.avgPrice} value={held.avgPrice} />}
        </dl>
      )}
      {summary.status === 'error' && <p role="alert" className={styles.panelMessage}>{summary.message}</p>}
      {positions.length > 0 ? (
        <table className={styles.positions} aria-label={t.positionsTab}>
          <thead>
            <tr>
              <th scope="col">{d.product}</th>
              <th scope="col">{d.positionQty}</th>
              <th scope="col">{d.avgPrice}</th>
            </tr>
          </thead>
          <tbody>
            {positions.map((p) => (
              <tr key={p.prdType}>
                <td>{p.prdType}</td>
                <td className="num">{p.qty}</td>
                <td className="num">{p.avgPrice}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        !equity && <p className={styles.panelMessage}>{d.noHolding}</p>
      )}
    </div>
  );
}

export interface QuotePanelProps {
  scrip: ScripRef;
  quote: QuoteAnswer | null;
  live: LiveFigures;
  decimals: PriceDecimals;
  streamKey: StreamKey;
  holdings: Loaded<SymbolHoldings>;
  depthShown: boolean;
}

/** The right-hand panel (trading.md 2.2): open, high, low, close, best buy and sell; MARKET DEPTH and HOLDING tabs. */
export function QuotePanel({ scrip, quote, live, decimals, streamKey, holdings, depthShown }: QuotePanelProps) {
  const spread = scrip.sym.instr.includes('SPR');
  const equity = segmentOf(scrip.sym.instr, scrip.sym.exc) === 'equity';
  const [tab, setTab] = useState<'depth' | 'holdings'>('depth');
  const price = (value: string | null) => displayPrice(value, decimals);
  const holdingsLabel = equity ? t.holdingPositionsTab : t.positionsTab;
  return (
    <aside className={styles.panel} aria-label="Quote">
      <dl className={styles.figures}>
        <Figure label={d.open} value={price(live.open)} />
        <Figure label={d.high} value={price(live.high)} />
        <Figure label={d.low} value={price(live.low)} />
        <Figure label={d.close} value={price(live.close)} />
        <Figure label={d.bestBuy} value={`${price(live.bidPrice)} × ${live.bidQty}`} />
        <Figure label={d.bestSell} value={`${price(live.askPrice)} × ${live.askQty}`} />
      </dl>
      {depthShown && (
        <div className={styles.panelTabs}>
          <TabList
            tabs={[{ id: 'depth' as const, label: t.marketDepthTab }, ...(spread ? [] : [{ id: 'holdings' as const, label: holdingsLabel }])]}
            selected={tab}
            onSelect={setTab}
            label="Quote details"
            className={styles.tabs}
            tabClassName={styles.tab}
          />
          <div role="tabpanel" className={styles.tabPanel}>
            {tab === 'depth' || spread ? (
              <MarketDepth streamKey={streamKey} screen={ORDER_DIALOG_SCREEN} {...(quote ? { initial: depthFrom(quote) } : {})} />
            ) : (
              <HoldingsView scrip={scrip} holdings={holdings} />
            )}
          </div>
        </div>
      )}
    </aside>
  );
}
