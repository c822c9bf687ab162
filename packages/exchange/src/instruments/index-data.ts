/**
 * Indices (market-facts 6.2, 6.3). Levels are the late-2025 figures; constituents are NIFTY 50 (6.1), SENSEX (6.2)
 * and the usual sector baskets. Weights approximate free-float weights for the largest names; the rest share what is
 * left equally (README "Indices").
 */
export interface IndexSpec {
  /** Display name, as the exchange writes it. */
  name: string;
  /** Short symbol used for derivatives (NIFTY, BANKNIFTY...), or the name. */
  symbol: string;
  exchange: 'NSE' | 'BSE';
  level: string;
  constituents: 'NIFTY50' | 'SENSEX' | readonly string[];
  /** Approximate weights in percent for the biggest constituents. */
  weights?: Readonly<Record<string, number>>;
}

export const SENSEX_CONSTITUENTS = [
  'ADANIPORTS',
  'ASIANPAINT',
  'AXISBANK',
  'BAJAJFINSV',
  'BAJFINANCE',
  'BEL',
  'BHARTIARTL',
  'ETERNAL',
  'HCLTECH',
  'HDFCBANK',
  'HINDUNILVR',
  'ICICIBANK',
  'INDIGO',
  'INFY',
  'ITC',
  'KOTAKBANK',
  'LT',
  'M&M',
  'MARUTI',
  'NTPC',
  'POWERGRID',
  'RELIANCE',
  'SBIN',
  'SUNPHARMA',
  'TATASTEEL',
  'TCS',
  'TECHM',
  'TITAN',
  'TRENT',
  'ULTRACEMCO',
] as const;

const BROAD_WEIGHTS = {
  HDFCBANK: 13,
  RELIANCE: 9,
  ICICIBANK: 8.5,
  INFY: 5,
  BHARTIARTL: 4.8,
  LT: 4,
  ITC: 3.5,
  TCS: 3,
  SBIN: 3,
  AXISBANK: 3,
  KOTAKBANK: 2.8,
  'M&M': 2.5,
  BAJFINANCE: 2.2,
  HINDUNILVR: 2,
  SUNPHARMA: 1.6,
  HCLTECH: 1.6,
  MARUTI: 1.6,
  NTPC: 1.4,
};

export const INDEX_SPECS: readonly IndexSpec[] = [
  {
    name: 'NIFTY 50',
    symbol: 'NIFTY',
    exchange: 'NSE',
    level: '26129.60',
    constituents: 'NIFTY50',
    weights: BROAD_WEIGHTS,
  },
  {
    name: 'NIFTY BANK',
    symbol: 'BANKNIFTY',
    exchange: 'NSE',
    level: '59438.15',
    constituents: [
      'HDFCBANK',
      'ICICIBANK',
      'SBIN',
      'KOTAKBANK',
      'AXISBANK',
      'INDUSINDBK',
      'BANKBARODA',
      'FEDERALBNK',
      'IDFCFIRSTB',
      'AUBANK',
      'PNB',
      'CANBK',
      'UNIONBANK',
      'YESBANK',
    ],
    weights: { HDFCBANK: 28, ICICIBANK: 25, SBIN: 9, KOTAKBANK: 8, AXISBANK: 8 },
  },
  {
    name: 'NIFTY IT',
    symbol: 'NIFTYIT',
    exchange: 'NSE',
    level: '38136.00',
    constituents: ['INFY', 'TCS', 'HCLTECH', 'TECHM', 'WIPRO', 'LTIM', 'PERSISTENT', 'COFORGE', 'MPHASIS', 'OFSS'],
    weights: { INFY: 28, TCS: 22, HCLTECH: 11, TECHM: 9, WIPRO: 7 },
  },
  {
    name: 'NIFTY FIN SERVICE',
    symbol: 'FINNIFTY',
    exchange: 'NSE',
    level: '27421.00',
    constituents: [
      'HDFCBANK',
      'ICICIBANK',
      'SBIN',
      'KOTAKBANK',
      'AXISBANK',
      'BAJFINANCE',
      'BAJAJFINSV',
      'JIOFIN',
      'SBILIFE',
      'HDFCLIFE',
      'SHRIRAMFIN',
      'CHOLAFIN',
      'PFC',
      'RECLTD',
      'ICICIGI',
      'SBICARD',
      'MUTHOOTFIN',
      'HDFCAMC',
      'ICICIPRULI',
      'LICHSGFIN',
    ],
    weights: { HDFCBANK: 33, ICICIBANK: 23, SBIN: 8, KOTAKBANK: 7, AXISBANK: 7, BAJFINANCE: 5 },
  },
  {
    name: 'SENSEX',
    symbol: 'SENSEX',
    exchange: 'BSE',
    level: '85220.60',
    constituents: 'SENSEX',
    weights: BROAD_WEIGHTS,
  },
  {
    name: 'BANKEX',
    symbol: 'BANKEX',
    exchange: 'BSE',
    level: '66150.00',
    constituents: [
      'HDFCBANK',
      'ICICIBANK',
      'SBIN',
      'KOTAKBANK',
      'AXISBANK',
      'INDUSINDBK',
      'BANKBARODA',
      'FEDERALBNK',
      'IDFCFIRSTB',
      'AUBANK',
    ],
    weights: { HDFCBANK: 28, ICICIBANK: 25, SBIN: 10, KOTAKBANK: 9, AXISBANK: 9 },
  },
];

/** INDIA VIX is not a basket: it is read from NIFTY's implied volatility (prices/). */
export const INDIA_VIX = { name: 'INDIA VIX', symbol: 'INDIAVIX', exchange: 'NSE' as const, level: '9.72' };

/** Index derivatives (market-facts 3.2): lot, freeze quantity, strike interval (rupees), expiry pattern. */
export interface IndexDerivativeSpec {
  symbol: string;
  index: string;
  exchange: 'NFO' | 'BFO';
  lot: number;
  freeze: number;
  strikeStep: number;
  weekly: boolean;
  /** 2 = Tuesday (NSE), 4 = Thursday (BSE), from 1-Sep-2025. */
  expiryWeekday: 2 | 4;
}

export const INDEX_DERIVATIVES: readonly IndexDerivativeSpec[] = [
  {
    symbol: 'NIFTY',
    index: 'NIFTY 50',
    exchange: 'NFO',
    lot: 65,
    freeze: 1800,
    strikeStep: 50,
    weekly: true,
    expiryWeekday: 2,
  },
  {
    symbol: 'BANKNIFTY',
    index: 'NIFTY BANK',
    exchange: 'NFO',
    lot: 30,
    freeze: 600,
    strikeStep: 100,
    weekly: false,
    expiryWeekday: 2,
  },
  {
    symbol: 'FINNIFTY',
    index: 'NIFTY FIN SERVICE',
    exchange: 'NFO',
    lot: 60,
    freeze: 1800,
    strikeStep: 50,
    weekly: false,
    expiryWeekday: 2,
  },
  // SENSEX and BANKEX freeze quantities are unverified (market-facts 3.2); 50 lots is assumed.
  {
    symbol: 'SENSEX',
    index: 'SENSEX',
    exchange: 'BFO',
    lot: 20,
    freeze: 1000,
    strikeStep: 100,
    weekly: true,
    expiryWeekday: 4,
  },
  {
    symbol: 'BANKEX',
    index: 'BANKEX',
    exchange: 'BFO',
    lot: 30,
    freeze: 1500,
    strikeStep: 100,
    weekly: false,
    expiryWeekday: 4,
  },
];
