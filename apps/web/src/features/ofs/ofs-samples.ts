/**
 * Static sample offers (investing.md 2: "static sample rows"; no data is loaded from a server). Promoters' stake sales
 * of real listed companies, with floor prices in paise; the days are offsets from today (IST): T for non-retail
 * bidders, T+1 for retail ones, as the exchanges' OFS mechanism runs.
 */
export interface OfsOffer {
  symbol: string;
  company: string;
  exchange: 'NSE' | 'BSE';
  floorPricePaise: number;
  sharesOffered: number;
  /** Days from today of the non-retail day; the retail day is the next. */
  startsIn: number;
}

export const OFS_OFFERS: readonly OfsOffer[] = [
  {
    symbol: 'COALINDIA',
    company: 'Coal India Ltd.',
    exchange: 'NSE',
    floorPricePaise: 37_500,
    sharesOffered: 30_81_63_400,
    startsIn: 0,
  },
  {
    symbol: 'IRCON',
    company: 'Ircon International Ltd.',
    exchange: 'NSE',
    floorPricePaise: 15_400,
    sharesOffered: 4_70_25_000,
    startsIn: -1,
  },
  {
    symbol: 'MAZDOCK',
    company: 'Mazagon Dock Shipbuilders Ltd.',
    exchange: 'BSE',
    floorPricePaise: 2_52_500,
    sharesOffered: 1_00_83_000,
    startsIn: 0,
  },
  {
    symbol: 'IRFC',
    company: 'Indian Railway Finance Corporation Ltd.',
    exchange: 'BSE',
    floorPricePaise: 12_100,
    sharesOffered: 52_26_00_000,
    startsIn: -1,
  },
  {
    symbol: 'NHPC',
    company: 'NHPC Ltd.',
    exchange: 'NSE',
    floorPricePaise: 7_800,
    sharesOffered: 35_15_00_000,
    startsIn: 4,
  },
  {
    symbol: 'BEL',
    company: 'Bharat Electronics Ltd.',
    exchange: 'NSE',
    floorPricePaise: 40_500,
    sharesOffered: 7_31_00_000,
    startsIn: 6,
  },
  {
    symbol: 'RVNL',
    company: 'Rail Vikas Nigam Ltd.',
    exchange: 'BSE',
    floorPricePaise: 31_000,
    sharesOffered: 10_42_00_000,
    startsIn: 5,
  },
];
