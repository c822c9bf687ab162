import type { InstrumentCode } from './exchange-codes.ts';

/** market-facts 3.1: NSE price-linked tick sizes (from 15-Apr-2025), in paise. */
export function equityTick(pricePaise: number): number {
  if (pricePaise < 25_000) return 1;
  if (pricePaise < 100_000) return 5;
  if (pricePaise < 500_000) return 10;
  if (pricePaise < 1_000_000) return 50;
  if (pricePaise < 2_000_000) return 100;
  return 500;
}

/** market-facts 3.1: index futures by index level (paise). */
export function indexFutureTick(levelPaise: number): number {
  if (levelPaise <= 1_500_000) return 5;
  if (levelPaise <= 3_000_000) return 10;
  return 20;
}

/** Index and stock options: 0.05. Currency: 0.0025 (25 in 1/10000 rupee). */
export const OPTION_TICK = 5;
export const CURRENCY_TICK = 25;

export function tickFor(instr: InstrumentCode, pricePaise: number): number {
  switch (instr) {
    case 'STK':
    case 'FUTSTK':
    case 'FUTSTKSPR':
      return equityTick(pricePaise);
    case 'FUTIDX':
    case 'FUTIDXSPR':
      return indexFutureTick(pricePaise);
    case 'OPTIDX':
    case 'OPTSTK':
      return OPTION_TICK;
    case 'IDX':
      return 1;
    case 'FUTCUR':
    case 'OPTCUR':
    case 'UNDCUR':
    case 'FUTCURSPR':
      return CURRENCY_TICK;
    case 'COM':
    case 'FUTCOM':
    case 'OPTCOM':
    case 'OPTFUT':
      throw new Error('Commodity ticks are per contract (market-facts 6.5)');
    default: {
      const unknown: never = instr;
      throw new Error(`Unknown instrument ${String(unknown)}`);
    }
  }
}

/** Parses a decimal rupee string into integer units of 10^-decimals rupee, exactly. */
export function decimalToUnits(text: string, decimals: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const fraction = (match[2] ?? '').padEnd(decimals, '0');
  if (fraction.length > decimals) throw new Error(`Too many decimals: ${text}`);
  return Number(match[1]) * 10 ** decimals + Number(fraction || '0');
}

export function roundToTick(units: number, tick: number): number {
  return Math.max(tick, Math.round(units / tick) * tick);
}
