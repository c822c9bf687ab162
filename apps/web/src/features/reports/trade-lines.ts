import type { ContractTrade } from '@kite/domain';

/**
 * The key of a contract-note or trade-register line: a trade part of whose quantity ended the day in another product
 * is two lines with the same order and trade numbers, one per product (server: services/portfolio/trade-parts.ts).
 */
export const tradeLineKey = (l: Pick<ContractTrade, 'orderNo' | 'tradeNo' | 'symbol' | 'side' | 'product'>) =>
  `${l.orderNo}/${l.tradeNo}/${l.symbol}/${l.side}/${l.product}`;
