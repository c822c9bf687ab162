import { isIndexInstrument } from './segments.ts';

/**
 * Margin rates in basis points of notional (market-facts 5, 10). Real SPAN is a scenario model run by the clearing
 * corporation; here it is a documented percentage of notional chosen by the underlying's volatility class, so the
 * order dialog and the RMS agree exactly.
 */
export const EQUITY_INTRADAY_BP = 2_000; // VaR + ELM, at least 20% of value: 5x leverage cap
export const FULL_VALUE_BP = 10_000;

/** MTF initial margin by stock group: VaR + 3 x ELM for F&O stocks, VaR + 5 x ELM for other Group I (about 25% / 35%). */
export type MtfGroup = 'FNO' | 'GROUP1';
export const MTF_MARGIN_BP: Record<MtfGroup, number> = { FNO: 2_500, GROUP1: 3_500 };

export interface DerivativeRates {
  /** SPAN-like initial margin. */
  spanBp: number;
  /** Exposure margin / ELM. */
  exposureBp: number;
}

/** Index derivatives (lower volatility): SPAN 9% + exposure 2%; stock derivatives: SPAN 15% + exposure 3.5%. */
const INDEX_RATES: DerivativeRates = { spanBp: 900, exposureBp: 200 };
const STOCK_RATES: DerivativeRates = { spanBp: 1_500, exposureBp: 350 };

/** Currency futures: SPAN 2% + the pair's ELM (market-facts 5: USDINR 1%, EURINR 0.3%, GBPINR 0.5%, JPYINR 0.7%). */
const CURRENCY_ELM_BP: Record<string, number> = { USDINR: 100, EURINR: 30, GBPINR: 50, JPYINR: 70 };
const CURRENCY_SPAN_BP = 200;

/** Commodity initial margin by volatility class, plus ELM 1% (market-facts 5: GOLDTEN min 6% + ELM 1%). */
const BULLION = new Set(['GOLD', 'GOLDM', 'GOLDTEN', 'GOLDGUINEA', 'GOLDPETAL', 'SILVER', 'SILVERM', 'SILVERMIC']);
const ENERGY = new Set(['CRUDEOIL', 'CRUDEOILM', 'NATURALGAS', 'NATGASMINI']);
const COMMODITY_ELM_BP = 100;

export function derivativeRates(instr: string, exchange: string, symbol: string): DerivativeRates {
  if (exchange === 'CDS' || instr.endsWith('CUR') || instr === 'FUTCURSPR') {
    return { spanBp: CURRENCY_SPAN_BP, exposureBp: CURRENCY_ELM_BP[symbol] ?? 100 };
  }
  if (exchange === 'MCX' || exchange === 'NCDEX' || instr === 'FUTCOM' || instr === 'OPTCOM' || instr === 'OPTFUT') {
    if (BULLION.has(symbol)) return { spanBp: 600, exposureBp: COMMODITY_ELM_BP };
    if (ENERGY.has(symbol)) return { spanBp: 1_500, exposureBp: COMMODITY_ELM_BP };
    return { spanBp: exchange === 'NCDEX' ? 1_000 : 800, exposureBp: COMMODITY_ELM_BP };
  }
  return isIndexInstrument(instr) ? INDEX_RATES : STOCK_RATES;
}

/** Extra ELM on short index options on their expiry day, on the underlying's notional (market-facts 5: +2%). */
export const EXPIRY_DAY_ELM_BP = 200;

/** A short option's SPAN never falls below a third of the futures SPAN, however far out of the money. */
export const SHORT_OPTION_MINIMUM_DIVISOR = 3;
/** Calendar spreads: a third of one leg's futures margin (the legs offset each other). */
export const SPREAD_MARGIN_DIVISOR = 3;
