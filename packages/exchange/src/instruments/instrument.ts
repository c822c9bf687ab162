import type { AssetClass, Exchange, InstrumentCode } from './exchange-codes.ts';

/**
 * One tradable (or reference) instrument. The first block is trading.md 3 "Symbol object" field for field; the rest is
 * what the engine and the broker need. Prices are integers in the instrument's smallest unit (10^-priceDecimals rupee).
 */
export interface Instrument {
  instr: InstrumentCode;
  exc: Exchange;
  exc_seg: string;
  trExc: Exchange;
  trSymbol: string;
  xSym: string;
  id: string;
  assetClass: AssetClass;
  /** ISO date (IST) of expiry, or null. */
  expiry: string | null;
  /** Far leg's expiry for calendar spreads. */
  expiry2: string | null;
  /** Strike in price units, or null. */
  strike: number | null;
  optType: 'CE' | 'PE' | null;
  /** Calendar spread stretch, e.g. "NOV-DEC". */
  calStretch: string | null;

  token: number;
  /** Root symbol: RELIANCE, NIFTY, GOLD, USDINR. */
  symbol: string;
  displaySym: string;
  /** Company or contract name. */
  name: string;
  sector: string | null;
  isin: string | null;
  /** True when the ISIN is a made-up ISIN-like id rather than the real one. */
  isinSynthetic: boolean;
  /** Quantity step (shares or units per lot; 1 where quantity is counted in lots). */
  lot: number;
  /** Value of one quantity unit per price unit: 1 for shares, 1000 for USDINR, 100 for MCX GOLD (per 10 g, 1 kg lot). */
  multiplier: number;
  tickSize: number;
  priceDecimals: 2 | 4;
  /** Largest quantity per order (0: none). */
  freezeQuantity: number;
  /** Daily price range as a percentage of the base price (10 for F&O stocks' dynamic range). */
  bandPercent: number;
  /** The instrument this one derives from (id), or null. */
  underlying: string | null;
  /** Far leg's id for spreads (near leg is `underlying`). */
  farLeg: string | null;
  /** Expiry as an IST day number, or null. */
  expiryDay: number | null;
  /** Starting reference price (previous close) in price units. */
  referencePrice: number;
  tradable: boolean;
  /** Index membership, for equities. */
  indices: string[];
}
