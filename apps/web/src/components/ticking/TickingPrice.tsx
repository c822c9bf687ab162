import { groupIndian, type StreamKey } from '@kite/domain';
import { tickStore, useLevel1, type TickStore } from '../../lib/stream/tick-store.ts';
import styles from './ticking-price.module.css';

export interface TickingPriceProps {
  /** The symbol's stream key; the cell re-renders only when this key ticks. */
  streamKey: StreamKey | null;
  /** Shown until the first tick, e.g. the last price from a quote or a list call (a wire price string). */
  fallback?: string | null;
  className?: string;
  store?: TickStore;
}

/**
 * The last traded price with an up, down or unchanged animation on every tick (trading.md 4.9). The span is keyed
 * by the tick count so the animation replays even when the price repeats.
 */
export function TickingPrice({ streamKey, fallback = null, className, store = tickStore }: TickingPriceProps) {
  const quote = useLevel1(streamKey, store);
  const price = quote?.ltp ?? fallback;
  const direction = quote?.direction ?? 'same';
  const classes = [styles.price, quote ? styles[direction] : undefined, className].filter(Boolean).join(' ');
  return (
    <span key={quote?.seq ?? 0} className={classes} data-direction={quote ? direction : undefined}>
      {price === null ? '--' : groupIndian(price)}
    </span>
  );
}
