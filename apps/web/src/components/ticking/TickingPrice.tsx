import { groupIndian, type StreamKey } from '@kite/domain';
import { useLayoutEffect, useRef } from 'react';
import { tickStore, useLevel1, type TickStore } from '../../lib/stream/tick-store.ts';
import { flash, forget } from './flash-clock.ts';
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
 * The last traded price, coloured up or down, lit for a moment on every tick (trading.md 4.9: up, down or unchanged),
 * a repeated price too. The element stays (no remount per tick) and nothing animates frame by frame (flash-clock.ts).
 */
export function TickingPrice({ streamKey, fallback = null, className, store = tickStore }: TickingPriceProps) {
  const quote = useLevel1(streamKey, store);
  const element = useRef<HTMLSpanElement>(null);
  const seq = quote?.seq;
  const direction = quote?.direction ?? 'same';
  useLayoutEffect(() => {
    const span = element.current;
    if (seq !== undefined && span) flash(span, direction);
  }, [seq, direction]);
  useLayoutEffect(() => {
    const span = element.current;
    return () => {
      if (span) forget(span);
    };
  }, []);
  const price = quote?.ltp ?? fallback;
  const classes = [styles.price, quote ? styles[direction] : undefined, className].filter(Boolean).join(' ');
  return (
    <span ref={element} className={classes} data-direction={quote ? direction : undefined}>
      {price === null ? '--' : groupIndian(price)}
    </span>
  );
}
