import { type BhavCopyRow, formatScaled, informationText, ok, reject, type Result } from '@kite/domain';
import {
  isoDate,
  istDateTime,
  istDay,
  istMinuteOfDay,
  marketStatusAt,
  sessionWindows,
  type Market,
  type MarketMode,
  type MarketStatus,
} from '@kite/exchange';

export type BhavCopyExchange = 'NSE' | 'BSE';

export interface BhavCopy {
  exchange: BhavCopyExchange;
  sessionDate: string;
  asOf: string;
  status: MarketStatus['status'];
  rows: BhavCopyRow[];
}

const money = (paise: number): string => formatScaled(paise, 2);

/**
 * The day's statistics of every equity of a cash market as the simulated exchange has them now (investing.md 2
 * "bhavcopy"). An instrument whose book is simulated (somebody looked at it or traded it) gives its session's open,
 * high, low, last, volume, turnover and trade count; the others have not traded today: their last is the exchange's
 * reference price and they have no open, high or low. Read without starting any book's simulation.
 */
export function bhavCopy(market: Market, exchange: BhavCopyExchange, now: number, mode: MarketMode): Result<BhavCopy> {
  const today = istDay(now);
  if (mode === 'real') {
    const firstSession = sessionWindows(exchange, today)[0];
    if (!market.calendar.isTradingDay(today) || (firstSession && istMinuteOfDay(now) < firstSession.start))
      return reject('INF001', informationText.bhavCopy.notTradingDay(exchange));
  }
  const rows = market.registry
    .all()
    .filter((i) => i.exc === exchange && i.instr === 'STK' && i.tradable)
    .flatMap((instrument): BhavCopyRow[] => {
      const snapshot = market.snapshot(instrument.id);
      if (!snapshot) return [];
      const stats = market.isSimulated(instrument.id) ? market.book(instrument.id)?.stats() : undefined;
      const traded = stats !== undefined && stats.trades > 0;
      return [
        {
          symbol: instrument.symbol,
          isin: instrument.isin ?? '',
          open: traded ? money(stats.open) : null,
          high: traded ? money(stats.high) : null,
          low: traded ? money(stats.low) : null,
          last: money(traded ? stats.lastPrice : snapshot.lastPrice),
          previousClose: money(snapshot.close),
          volume: traded ? stats.volume : 0,
          turnover: money(traded ? stats.turnover : 0),
          trades: traded ? stats.trades : 0,
        },
      ];
    })
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
  return ok({
    exchange,
    sessionDate: isoDate(today),
    asOf: istDateTime(now),
    status: marketStatusAt(exchange, now, { mode, calendar: market.calendar }).status,
    rows,
  });
}
