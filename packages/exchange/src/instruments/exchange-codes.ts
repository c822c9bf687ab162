/** trading.md 3: exchanges, instrument codes and the segment names carried by every symbol. */
export const EXCHANGES = ['NSE', 'BSE', 'NFO', 'BFO', 'CDS', 'MCX', 'NCDEX'] as const;
export type Exchange = (typeof EXCHANGES)[number];

export const INSTRUMENT_CODES = [
  'STK',
  'IDX',
  'COM',
  'UNDCUR',
  'OPTIDX',
  'OPTSTK',
  'FUTSTK',
  'FUTIDX',
  'FUTCOM',
  'OPTCOM',
  'OPTFUT',
  'FUTCUR',
  'OPTCUR',
  'FUTIDXSPR',
  'FUTSTKSPR',
  'FUTCURSPR',
] as const;
export type InstrumentCode = (typeof INSTRUMENT_CODES)[number];

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
