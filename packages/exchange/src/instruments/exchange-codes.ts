import { INSTRUMENT_CODES, TRADE_EXCHANGES, type InstrumentCode, type TradeExchange } from '@kite/domain';

/** trading.md 3: exchanges, instrument codes and the segment names carried by every symbol. */
// The exchange and instrument-code vocabulary is the domain's (trading.md 3); defined once there.
export const EXCHANGES = TRADE_EXCHANGES;
export type Exchange = TradeExchange;
export { INSTRUMENT_CODES, type InstrumentCode };

export type AssetClass = 'EQUITY' | 'INDEX' | 'FUTURE' | 'OPTION' | 'SPREAD' | 'CURRENCY' | 'COMMODITY';

/** Segment ids in the style of Indian broker APIs (exc_seg). */
export const EXCHANGE_SEGMENT: Record<Exchange, string> = {
  NSE: 'nse_cm',
  BSE: 'bse_cm',
  NFO: 'nse_fo',
  BFO: 'bse_fo',
  CDS: 'cde_fo',
  MCX: 'mcx_fo',
  NCDEX: 'ncx_fo',
};
