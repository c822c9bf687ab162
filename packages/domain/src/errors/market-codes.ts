import { platformText } from '../messages/platform.ts';

/** Answer codes of market data: search, quotes, index quotes and charts (trading.md 2.7, 3, 5.2, 8; investing.md 7). */
export const marketCodes = {
  MKT001: {
    message: 'Symbol not found.',
    meaning:
      'The symbol object names no instrument of the day (unknown id, or an id whose exchange does not match); also a saved chart whose main or comparison symbol is such a one (nothing saved).',
  },
  MKT002: {
    message: platformText.segmentNotSubscribed,
    meaning:
      "A search tab or asset class the client's permissions do not include (trading.md 5.3, 6); nothing is searched.",
  },
  MKT003: {
    message: 'Invalid chart period. The from date must not be after the to date.',
    meaning: 'PriceChart with fromDate after toDate, or a date that does not exist (e.g. 2026-02-30 or 25:00:00).',
  },
  MKT004: {
    message: 'Index not found.',
    meaning: 'GetIndexQuote named an index that is not one of the seven the market computes.',
  },
  MKT005: {
    message: 'This filter is not available in this tab.',
    meaning:
      'SymbolSearch with an asset class the tab does not offer (Spot outside currency and commodity, or an unknown value).',
  },
  MKT006: {
    message: 'No options found.',
    meaning:
      'GetOptionChain for an instrument whose underlying has no options listed, or for an expiry it has none of (nothing changed).',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
