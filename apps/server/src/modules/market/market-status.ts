import { marketStatusAt, istDateTime, type Exchange, type MarketMode, type MarketStatus } from '@kite/exchange';

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

const MKT_STATUS = { open: 'Open', closed: 'Closed', 'pre-open': 'Pre-Open', 'post-close': 'Post-Close' } as const;

export function mktStatusLabel(status: MarketStatus['status']): (typeof MKT_STATUS)[keyof typeof MKT_STATUS] {
  return MKT_STATUS[status];
}
