/**
 * Texts of the investing area (investing.md). The spec quotes none for the investment overview; these are chosen.
 */
export const investingText = {
  investmentOverview: {
    portfolioValue: 'Portfolio value',
    portfolioValueHint: 'Open DP Holdings',
    todayPnl: "Today's P/L",
    holdings: 'Holdings',
    advances: 'Advances',
    declines: 'Declines',
    unchanged: 'Unchanged',
    loading: 'Loading your holdings…',
    empty: 'No holdings to show yet.',
  },
  /** The dashboard's compact top gainers and losers (investing.md "Top gainers / losers": symbol, LTP, change, change %, volume). */
  topMovers: {
    columns: {
      symbol: 'Symbol',
      ltp: 'LTP',
      change: 'Change',
      changePercent: '%Change',
      volume: 'Volume',
      bid: 'Bid',
      offer: 'Offer',
      bidQty: 'Bid Qty',
      offerQty: 'Offer Qty',
      ltq: 'LTQ',
      tbq: 'TBQ',
      tsq: 'TSQ',
      trade: 'Trade',
    },
    gainersCaption: (exchange: string) => `Top gainers on ${exchange} today`,
    losersCaption: (exchange: string) => `Top losers on ${exchange} today`,
    exchange: 'Exchange',
    index: 'Index',
    noIndex: 'All stocks',
    period: 'Period',
    periods: { today: 'Today' },
    addToWatchlist: (symbol: string) => `Add ${symbol} to a watchlist`,
    loading: 'Loading the market…',
    noGainers: (exchange: string) => `No stock on ${exchange} is up today.`,
    noLosers: (exchange: string) => `No stock on ${exchange} is down today.`,
  },
} as const;
