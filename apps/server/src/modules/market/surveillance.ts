import type { Instrument } from '@kite/exchange';

/**
 * Securities under exchange surveillance (market-facts 4.1: ASM/ESM/GSM can tighten bands and margins). The market
 * keeps no surveillance lists, so a few volatile small and mid caps carry a realistic stage here; the quote shows it.
 */
const SURVEILLANCE: Readonly<Record<string, { survId: string; survMsg: string }>> = {
  IRCON: {
    survId: 'ASM-LT-1',
    survMsg: 'Security is under Long Term ASM Framework Stage 1. 100% margin is applicable on open positions.',
  },
  NBCC: {
    survId: 'ASM-ST-1',
    survMsg:
      'Security is under Short Term ASM Framework Stage 1. Margin of 50% or existing margin, whichever is higher.',
  },
  RVNL: {
    survId: 'ASM-LT-2',
    survMsg: 'Security is under Long Term ASM Framework Stage 2. 100% margin is applicable and the price band is 5%.',
  },
  IDEA: {
    survId: 'GSM-0',
    survMsg: 'Security is under Graded Surveillance Measure (GSM) Stage 0. Trading is in the trade-for-trade segment.',
  },
};

/** Surveillance id and message of an equity (both exchanges), or nulls. */
export function surveillanceOf(instrument: Instrument): { survId: string | null; survMsg: string | null } {
  const entry = instrument.instr === 'STK' ? SURVEILLANCE[instrument.symbol] : undefined;
  return entry ?? { survId: null, survMsg: null };
}
