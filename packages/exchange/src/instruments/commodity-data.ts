/** Currency (market-facts 6.4), MCX (6.5) and NCDEX (6.6) contracts. Prices are decimal rupee strings. */

export interface CurrencySpec {
  symbol: string;
  name: string;
  /** Rupees per unit of quote (per 100 JPY for JPYINR). */
  price: string;
  /** Currency units per lot divided by the quotation unit: USD 1,000 per lot -> 1000; JPY 1,00,000 quoted per 100 -> 1000. */
  multiplier: number;
  strikeStep: string;
}

/** Late-2025 levels are unverified in market-facts; these are approximate. */
export const CURRENCIES: readonly CurrencySpec[] = [
  { symbol: 'USDINR', name: 'US Dollar - Indian Rupee', price: '88.6', multiplier: 1000, strikeStep: '0.25' },
  { symbol: 'EURINR', name: 'Euro - Indian Rupee', price: '102.8', multiplier: 1000, strikeStep: '0.25' },
  { symbol: 'GBPINR', name: 'Pound Sterling - Indian Rupee', price: '116.4', multiplier: 1000, strikeStep: '0.25' },
  { symbol: 'JPYINR', name: 'Japanese Yen - Indian Rupee', price: '57.2', multiplier: 1000, strikeStep: '0.25' },
];

export interface CommoditySpec {
  symbol: string;
  name: string;
  exchange: 'MCX' | 'NCDEX';
  unit: string;
  price: string;
  tick: string;
  /** Quote units per lot (P&L per tick per lot = tick x multiplier). */
  multiplier: number;
  /** Months (1-12) in which contracts expire; all months when empty. */
  months: readonly number[];
  /** Day of month of expiry; 0 = last calendar day. Moved to the previous trading day when not a trading day. */
  expiryDate: number;
  sector: string;
  options?: { strikeStep: string };
}

export const COMMODITIES: readonly CommoditySpec[] = [
  {
    symbol: 'GOLD',
    name: 'Gold',
    exchange: 'MCX',
    unit: '10 GRMS',
    price: '136258',
    tick: '1',
    multiplier: 100,
    months: [2, 4, 6, 8, 10, 12],
    expiryDate: 5,
    sector: 'Bullion',
    options: { strikeStep: '100' },
  },
  {
    symbol: 'GOLDM',
    name: 'Gold Mini',
    exchange: 'MCX',
    unit: '10 GRMS',
    price: '133500',
    tick: '1',
    multiplier: 10,
    months: [],
    expiryDate: 5,
    sector: 'Bullion',
    options: { strikeStep: '100' },
  },
  {
    symbol: 'SILVER',
    name: 'Silver',
    exchange: 'MCX',
    unit: '1 KGS',
    price: '205943',
    tick: '1',
    multiplier: 30,
    months: [3, 5, 7, 9, 12],
    expiryDate: 5,
    sector: 'Bullion',
    options: { strikeStep: '500' },
  },
  {
    symbol: 'SILVERM',
    name: 'Silver Mini',
    exchange: 'MCX',
    unit: '1 KGS',
    price: '205000',
    tick: '1',
    multiplier: 5,
    months: [2, 4, 6, 8, 11],
    expiryDate: 5,
    sector: 'Bullion',
    options: { strikeStep: '500' },
  },
  {
    symbol: 'CRUDEOIL',
    name: 'Crude Oil',
    exchange: 'MCX',
    unit: '1 BBL',
    price: '5300',
    tick: '1',
    multiplier: 100,
    months: [],
    expiryDate: 19,
    sector: 'Energy',
    options: { strikeStep: '50' },
  },
  {
    symbol: 'CRUDEOILM',
    name: 'Crude Oil Mini',
    exchange: 'MCX',
    unit: '1 BBL',
    price: '5201',
    tick: '1',
    multiplier: 10,
    months: [],
    expiryDate: 19,
    sector: 'Energy',
    options: { strikeStep: '50' },
  },
  // Natural gas late-2025 level is unverified (market-facts 6.5); ₹400 assumed.
  {
    symbol: 'NATURALGAS',
    name: 'Natural Gas',
    exchange: 'MCX',
    unit: '1 MMBTU',
    price: '400',
    tick: '0.1',
    multiplier: 1250,
    months: [],
    expiryDate: 25,
    sector: 'Energy',
    options: { strikeStep: '5' },
  },
  {
    symbol: 'COPPER',
    name: 'Copper',
    exchange: 'MCX',
    unit: '1 KGS',
    price: '1280',
    tick: '0.05',
    multiplier: 2500,
    months: [],
    expiryDate: 0,
    sector: 'Base Metals',
    options: { strikeStep: '5' },
  },
  {
    symbol: 'ZINC',
    name: 'Zinc',
    exchange: 'MCX',
    unit: '1 KGS',
    price: '292',
    tick: '0.05',
    multiplier: 5000,
    months: [],
    expiryDate: 0,
    sector: 'Base Metals',
    options: { strikeStep: '2.5' },
  },
  {
    symbol: 'ALUMINIUM',
    name: 'Aluminium',
    exchange: 'MCX',
    unit: '1 KGS',
    price: '298',
    tick: '0.05',
    multiplier: 5000,
    months: [],
    expiryDate: 0,
    sector: 'Base Metals',
  },
  // NCDEX specs are unverified for 2025-26 (market-facts 6.6); prices approximate, per quintal.
  {
    symbol: 'GUARSEED10',
    name: 'Guar Seed',
    exchange: 'NCDEX',
    unit: '1 QTL',
    price: '5200',
    tick: '1',
    multiplier: 100,
    months: [],
    expiryDate: 20,
    sector: 'Agri',
  },
  {
    symbol: 'JEERAUNJHA',
    name: 'Jeera',
    exchange: 'NCDEX',
    unit: '1 QTL',
    price: '21000',
    tick: '5',
    multiplier: 30,
    months: [],
    expiryDate: 20,
    sector: 'Agri',
  },
  {
    symbol: 'TMCFGRNZM',
    name: 'Turmeric',
    exchange: 'NCDEX',
    unit: '1 QTL',
    price: '13500',
    tick: '2',
    multiplier: 50,
    months: [],
    expiryDate: 20,
    sector: 'Agri',
  },
  {
    symbol: 'DHANIYA',
    name: 'Coriander',
    exchange: 'NCDEX',
    unit: '1 QTL',
    price: '7500',
    tick: '1',
    multiplier: 50,
    months: [],
    expiryDate: 20,
    sector: 'Agri',
  },
  {
    symbol: 'CASTORSEED',
    name: 'Castor Seed',
    exchange: 'NCDEX',
    unit: '1 QTL',
    price: '6300',
    tick: '1',
    multiplier: 50,
    months: [],
    expiryDate: 20,
    sector: 'Agri',
  },
  {
    symbol: 'COCUDAKL',
    name: 'Cotton Seed Oilcake',
    exchange: 'NCDEX',
    unit: '1 QTL',
    price: '2900',
    tick: '1',
    multiplier: 100,
    months: [],
    expiryDate: 20,
    sector: 'Agri',
  },
];

/** Stock F&O lots known from market-facts 3.2; others derive from a contract value near ₹6.5 lakh. */
export const STOCK_LOT_OVERRIDES: Readonly<Record<string, number>> = {
  HDFCBANK: 650,
  TATASTEEL: 2750,
  RELIANCE: 500,
  TCS: 175,
  INFY: 400,
  ICICIBANK: 700,
  SBIN: 750,
};
