import {
  isoDate,
  istDateTime,
  istDay,
  marketStatusAt,
  sessionWindows,
  type Exchange,
  type MarketMode,
  type MarketStatus,
  type TradingCalendar,
} from '@kite/exchange';

export interface ExchangeStatus {
  exchange: Exchange;
  status: MarketStatus['status'];
  isOpen: boolean;
  nextChange: string | null;
  nextStatus: MarketStatus['nextStatus'];
}

/** The status of one exchange at `now`, with times shown in IST. */
export function exchangeStatus(exchange: Exchange, now: number, mode: MarketMode): ExchangeStatus {
  const status = marketStatusAt(exchange, now, { mode });
  return {
    exchange,
    status: status.status,
    isOpen: status.status === 'open' || status.status === 'pre-open',
    nextChange: status.nextChange === null ? null : istDateTime(status.nextChange),
    nextStatus: status.nextStatus,
  };
}

export interface ExchangeTimings extends ExchangeStatus {
  sessions: { phase: 'pre-open' | 'open' | 'post-close'; start: string; end: string }[];
  tradingToday: boolean;
  sessionDate: string;
}

const hourMinute = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The exchange's status and its sessions today, or on its next trading day when today is a weekend or holiday. The
 * sessions are the exchange's real hours also when the demo keeps every market open (mode 'always').
 */
export function exchangeTimings(
  exchange: Exchange,
  now: number,
  mode: MarketMode,
  calendar: TradingCalendar,
): ExchangeTimings {
  const today = istDay(now);
  const sessionDay = calendar.onOrAfter(today);
  return {
    ...exchangeStatus(exchange, now, mode),
    sessions: sessionWindows(exchange, sessionDay).map((w) => ({
      phase: w.phase,
      start: hourMinute(w.start),
      end: hourMinute(w.end),
    })),
    tradingToday: sessionDay === today,
    sessionDate: isoDate(sessionDay),
  };
}

const MKT_STATUS = { open: 'Open', closed: 'Closed', 'pre-open': 'Pre-Open', 'post-close': 'Post-Close' } as const;

export function mktStatusLabel(status: MarketStatus['status']): (typeof MKT_STATUS)[keyof typeof MKT_STATUS] {
  return MKT_STATUS[status];
}
