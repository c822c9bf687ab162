import { DEPTH_LEVELS, formatQuantity, groupIndian, type AskLevel, type BidLevel, type StreamKey } from '@kite/domain';
import { useStreamRegistration } from '../../lib/stream/stream.ts';
import { tickStore, useDepth, type TickStore } from '../../lib/stream/tick-store.ts';
import styles from './market-depth.module.css';

/** What the table shows: the stream's depth item, or the same fields from a quote call (trading.md 3 "Market depth"). */
export interface DepthView {
  bids: readonly BidLevel[];
  asks: readonly AskLevel[];
  totBuyQty: number;
  totSellQty: number;
}

const DASH = '-';

/** A depth figure, or a muted dash where the level or total is missing (trading.md 2.9). */
function Figure({ value, side, edge = false }: { value: string | undefined; side: 'bid' | 'ask'; edge?: boolean }) {
  const classes = [
    value === undefined ? styles.empty : styles[side],
    side === 'ask' ? styles.askCell : undefined,
    edge ? styles.edge : undefined,
  ];
  return <td className={classes.filter(Boolean).join(' ')}>{value ?? DASH}</td>;
}
const LEVELS = Array.from({ length: DEPTH_LEVELS }, (_, i) => i);

/** Five bid rows and five ask rows with the TBQ and TSQ totals; missing rows are dashes (trading.md 2.9). */
export function MarketDepthTable({ depth, label = 'Market depth' }: { depth: DepthView | undefined; label?: string }) {
  return (
    <table className={styles.depth} aria-label={label}>
      {/* Fixed widths, so columns never shift as figures change; prices get the most. */}
      <colgroup>
        <col className={styles.orders} />
        <col className={styles.quantity} />
        <col className={styles.price} />
        <col className={styles.price} />
        <col className={styles.quantity} />
        <col className={styles.orders} />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" aria-label="Bid orders">
            Orders
          </th>
          <th scope="col" aria-label="Bid quantity">
            Qty.
          </th>
          <th scope="col" className={styles.edge}>
            Bid
          </th>
          <th scope="col">Offer</th>
          <th scope="col" aria-label="Offer quantity">
            Qty.
          </th>
          <th scope="col" aria-label="Offer orders">
            Orders
          </th>
        </tr>
      </thead>
      <tbody>
        {LEVELS.map((i) => {
          const bid = depth?.bids[i];
          const ask = depth?.asks[i];
          return (
            <tr key={i}>
              <Figure side="bid" value={bid ? formatQuantity(bid.bidNoOrders) : undefined} />
              <Figure side="bid" value={bid ? formatQuantity(bid.bidQty) : undefined} />
              <Figure side="bid" edge value={bid ? groupIndian(bid.bidPrice) : undefined} />
              <Figure side="ask" value={ask ? groupIndian(ask.askPrice) : undefined} />
              <Figure side="ask" value={ask ? formatQuantity(ask.askQty) : undefined} />
              <Figure side="ask" value={ask ? formatQuantity(ask.askNoOrders) : undefined} />
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            <abbr title="Total buy quantity">TBQ</abbr>
          </th>
          <Figure side="bid" edge value={depth ? formatQuantity(depth.totBuyQty) : undefined} />
          <Figure side="ask" value={depth ? formatQuantity(depth.totSellQty) : undefined} />
          <th scope="row" colSpan={2} className={styles.end}>
            <abbr title="Total sell quantity">TSQ</abbr>
          </th>
        </tr>
      </tfoot>
    </table>
  );
}

export interface MarketDepthProps {
  /** The symbol's stream key; a new key re-registers (trading.md 4.9). */
  streamKey: StreamKey | null;
  /** The registering screen, e.g. 'order-dialog' or 'watchlist'. */
  screen: string;
  /** Depth from the quote call, shown until the first tick. */
  initial?: DepthView;
  store?: TickStore;
}

/** The live market depth widget (trading.md 2.9): registers its symbol at level 2 and updates on every tick. */
export function MarketDepth({ streamKey, screen, initial, store = tickStore }: MarketDepthProps) {
  useStreamRegistration(screen, streamKey ? [streamKey] : [], 'level2');
  const live = useDepth(streamKey, store);
  return <MarketDepthTable depth={live ?? initial} />;
}
