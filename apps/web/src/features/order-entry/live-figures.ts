import type { Quote } from '@kite/domain';
import type { Level1State } from '../../lib/stream/tick-store.ts';

/** The quote's figures with the stream's latest tick over them (trading.md 3, 4.9). */
export interface LiveFigures {
  ltp: string;
  chng: string;
  chngPer: string;
  open: string | null;
  high: string | null;
  low: string | null;
  close: string | null;
  bidPrice: string | null;
  bidQty: number;
  askPrice: string | null;
  askQty: number;
}

const ZERO = '0.00';

/** A quote error resets last, change and change percent to 0.00 (trading.md 4.1, 8). */
export function liveFigures(quote: Quote | null, tick: Level1State | undefined): LiveFigures {
  if (tick) {
    return {
      ltp: tick.ltp,
      chng: tick.chng,
      chngPer: tick.chngPer,
      open: tick.openPrice,
      high: tick.highPrice,
      low: tick.lowPrice,
      close: tick.closePrice,
      bidPrice: tick.bidPrice,
      bidQty: tick.bidQty,
      askPrice: tick.askPrice,
      askQty: tick.askQty,
    };
  }
  if (!quote) {
    return { ltp: ZERO, chng: ZERO, chngPer: ZERO, open: null, high: null, low: null, close: null, bidPrice: null, bidQty: 0, askPrice: null, askQty: 0 };
  }
  return {
    ltp: quote.ltp,
    chng: quote.chng,
    chngPer: quote.chngPer,
    open: quote.openPrice,
    high: quote.highPrice,
    low: quote.lowPrice,
    close: quote.closePrice,
    bidPrice: quote.bidPrice,
    bidQty: quote.bidQty,
    askPrice: quote.askPrice,
    askQty: quote.askQty,
  };
}
