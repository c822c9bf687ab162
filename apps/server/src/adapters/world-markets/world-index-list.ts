/**
 * The world indices the summary shows, by continent, with a late-2025 level and each home market's regular session
 * in IST minutes after midnight of its trading day (US and Brazil run past IST midnight; November, so Europe and North
 * America on standard time, Australia and New Zealand on daylight time). Levels are hundredths of a point.
 */
export interface WorldIndexDef {
  key: string;
  indexName: string;
  country: string;
  continent: string;
  baseLevel: number;
  openMinute: number;
  closeMinute: number;
}

const hm = (hour: number, minute = 0) => hour * 60 + minute;

export const worldIndexDefs: readonly WorldIndexDef[] = [
  {
    key: 'N225',
    indexName: 'Nikkei 225',
    country: 'Japan',
    continent: 'Asia',
    baseLevel: 4_950_000,
    openMinute: hm(5, 30),
    closeMinute: hm(12),
  },
  {
    key: 'HSI',
    indexName: 'Hang Seng',
    country: 'Hong Kong',
    continent: 'Asia',
    baseLevel: 2_580_000,
    openMinute: hm(7),
    closeMinute: hm(13, 30),
  },
  {
    key: 'SSEC',
    indexName: 'Shanghai Composite',
    country: 'China',
    continent: 'Asia',
    baseLevel: 395_000,
    openMinute: hm(7),
    closeMinute: hm(12, 30),
  },
  {
    key: 'KS11',
    indexName: 'KOSPI',
    country: 'South Korea',
    continent: 'Asia',
    baseLevel: 395_000,
    openMinute: hm(5, 30),
    closeMinute: hm(12),
  },
  {
    key: 'TWII',
    indexName: 'Taiwan Weighted',
    country: 'Taiwan',
    continent: 'Asia',
    baseLevel: 2_700_000,
    openMinute: hm(6, 30),
    closeMinute: hm(11),
  },
  {
    key: 'STI',
    indexName: 'Straits Times',
    country: 'Singapore',
    continent: 'Asia',
    baseLevel: 450_000,
    openMinute: hm(6, 30),
    closeMinute: hm(14, 30),
  },
  {
    key: 'JKSE',
    indexName: 'Jakarta Composite',
    country: 'Indonesia',
    continent: 'Asia',
    baseLevel: 840_000,
    openMinute: hm(7, 30),
    closeMinute: hm(14, 30),
  },
  {
    key: 'FTSE',
    indexName: 'FTSE 100',
    country: 'United Kingdom',
    continent: 'Europe',
    baseLevel: 960_000,
    openMinute: hm(13, 30),
    closeMinute: hm(22),
  },
  {
    key: 'GDAXI',
    indexName: 'DAX',
    country: 'Germany',
    continent: 'Europe',
    baseLevel: 2_350_000,
    openMinute: hm(13, 30),
    closeMinute: hm(22),
  },
  {
    key: 'FCHI',
    indexName: 'CAC 40',
    country: 'France',
    continent: 'Europe',
    baseLevel: 800_000,
    openMinute: hm(13, 30),
    closeMinute: hm(22),
  },
  {
    key: 'STOXX50E',
    indexName: 'Euro Stoxx 50',
    country: 'Euro area',
    continent: 'Europe',
    baseLevel: 560_000,
    openMinute: hm(13, 30),
    closeMinute: hm(22),
  },
  {
    key: 'IBEX',
    indexName: 'IBEX 35',
    country: 'Spain',
    continent: 'Europe',
    baseLevel: 1_610_000,
    openMinute: hm(13, 30),
    closeMinute: hm(22),
  },
  {
    key: 'DJI',
    indexName: 'Dow Jones Industrial Average',
    country: 'United States',
    continent: 'North America',
    baseLevel: 4_700_000,
    openMinute: hm(20),
    closeMinute: hm(26, 30),
  },
  {
    key: 'GSPC',
    indexName: 'S&P 500',
    country: 'United States',
    continent: 'North America',
    baseLevel: 670_000,
    openMinute: hm(20),
    closeMinute: hm(26, 30),
  },
  {
    key: 'IXIC',
    indexName: 'Nasdaq Composite',
    country: 'United States',
    continent: 'North America',
    baseLevel: 2_290_000,
    openMinute: hm(20),
    closeMinute: hm(26, 30),
  },
  {
    key: 'GSPTSE',
    indexName: 'S&P/TSX Composite',
    country: 'Canada',
    continent: 'North America',
    baseLevel: 3_000_000,
    openMinute: hm(20),
    closeMinute: hm(26, 30),
  },
  {
    key: 'BVSP',
    indexName: 'Bovespa',
    country: 'Brazil',
    continent: 'South America',
    baseLevel: 15_500_000,
    openMinute: hm(18, 30),
    closeMinute: hm(25, 30),
  },
  {
    key: 'MERV',
    indexName: 'S&P Merval',
    country: 'Argentina',
    continent: 'South America',
    baseLevel: 290_000_000,
    openMinute: hm(19, 30),
    closeMinute: hm(25, 30),
  },
  {
    key: 'JALSH',
    indexName: 'FTSE/JSE All Share',
    country: 'South Africa',
    continent: 'Africa',
    baseLevel: 11_000_000,
    openMinute: hm(12, 30),
    closeMinute: hm(20, 30),
  },
  {
    key: 'EGX30',
    indexName: 'EGX 30',
    country: 'Egypt',
    continent: 'Africa',
    baseLevel: 4_000_000,
    openMinute: hm(13, 30),
    closeMinute: hm(18),
  },
  {
    key: 'AXJO',
    indexName: 'S&P/ASX 200',
    country: 'Australia',
    continent: 'Oceania',
    baseLevel: 850_000,
    openMinute: hm(4, 30),
    closeMinute: hm(10, 30),
  },
  {
    key: 'NZ50',
    indexName: 'NZX 50',
    country: 'New Zealand',
    continent: 'Oceania',
    baseLevel: 1_330_000,
    openMinute: hm(2, 30),
    closeMinute: hm(9, 15),
  },
];

/** The accordion's order of continents. */
export const continents = ['Asia', 'Europe', 'North America', 'South America', 'Africa', 'Oceania'] as const;
