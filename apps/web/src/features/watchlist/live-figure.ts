import { groupIndian, type StreamKey, type WatchlistColumn, type WatchlistSymbolRow } from '@kite/domain';
import { flash, forget } from '../../components/ticking/flash-clock.ts';
import tickingStyles from '../../components/ticking/ticking-price.module.css';
import type { Level1State, TickStore } from '../../lib/stream/tick-store.ts';
import { displayPrice, priceDecimalsOf, signOf } from '../market-data/price-format.ts';
import { displayValue } from './watchlist-view.ts';
import styles from './watchlist.module.css';

/**
 * One live figure of a watchlist row written straight to the DOM (issue 5: 50 rows of every column at the fastest tick
 * rate). The figure subscribes to its row's key in the tick store, which wakes it at most once per animation frame, and
 * changes only what differs from what it last wrote: the text node's data, a class, the flash. No React render per
 * tick, and nothing reads layout, so a frame's writes cost one style and layout pass of the changed boxes.
 *
 * It looks as the React cells did: the last price as TickingPrice draws it (components/ticking, trading.md 4.9), the
 * change columns green or red by their sign, the other columns as plain text.
 */
export function bindLiveFigure(
  box: HTMLElement,
  row: WatchlistSymbolRow,
  apikey: WatchlistColumn['apikey'],
  key: StreamKey,
  store: TickStore,
): () => void {
  const write =
    apikey === 'ltp'
      ? priceWriter(box, row)
      : apikey === 'chng' || apikey === 'chngPer'
        ? signedWriter(box, row, apikey)
        : plainWriter(box, row, apikey);
  write(store.level1.get(key));
  const unsubscribe = store.level1.subscribe(key, () => write(store.level1.get(key)));
  return () => {
    unsubscribe();
    write.dispose?.();
    box.replaceChildren();
  };
}

type Writer = ((tick: Level1State | undefined) => void) & { dispose?: () => void };

/** A text node that is written only when its text changes. */
function textIn(parent: HTMLElement): (text: string) => void {
  const node = document.createTextNode('');
  parent.append(node);
  return (text) => {
    if (node.data !== text) node.data = text;
  };
}

/** A class attribute written only when it changes; '' leaves the element without one. */
function classOf(element: HTMLElement): (name: string) => void {
  let shown = '';
  return (name) => {
    if (name === shown) return;
    shown = name;
    if (name) element.className = name;
    else element.removeAttribute('class');
  };
}

function plainWriter(box: HTMLElement, row: WatchlistSymbolRow, apikey: WatchlistColumn['apikey']): Writer {
  const text = textIn(box);
  return (tick) => text(displayValue(row, tick, apikey));
}

function signedWriter(box: HTMLElement, row: WatchlistSymbolRow, apikey: 'chng' | 'chngPer'): Writer {
  const span = document.createElement('span');
  box.append(span);
  const text = textIn(span);
  const setClass = classOf(span);
  return (tick) => {
    text(displayValue(row, tick, apikey));
    const sign = signOf(apikey === 'chng' ? (tick?.chng ?? row.chng) : (tick?.chngPer ?? row.chngPer));
    setClass(sign ? (styles[sign] ?? '') : '');
  };
}

/** TickingPrice's look: coloured by the last tick's direction and lit on every tick, a repeated price too. */
function priceWriter(box: HTMLElement, row: WatchlistSymbolRow): Writer {
  const fallback = displayPrice(row.ltp, priceDecimalsOf(row.exc)).replace(/,/g, '');
  const span = document.createElement('span');
  box.append(span);
  const text = textIn(span);
  const setClass = classOf(span);
  let seq: number | undefined;
  const write: Writer = (tick) => {
    text(groupIndian(tick?.ltp ?? fallback));
    setClass([tickingStyles.price, tick ? tickingStyles[tick.direction] : undefined].filter(Boolean).join(' '));
    if (!tick) {
      delete span.dataset.direction;
      seq = undefined;
      return;
    }
    if (span.dataset.direction !== tick.direction) span.dataset.direction = tick.direction;
    if (tick.seq !== seq) flash(span, tick.direction);
    seq = tick.seq;
  };
  write.dispose = () => forget(span);
  return write;
}
