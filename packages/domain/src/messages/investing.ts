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
    columns: { symbol: 'Symbol', ltp: 'LTP', change: 'Change', changePercent: '%Change', volume: 'Volume' },
    gainersCaption: 'Top gainers on NSE today',
    losersCaption: 'Top losers on NSE today',
    loading: 'Loading the market…',
    noGainers: 'No stock on NSE is up today.',
    noLosers: 'No stock on NSE is down today.',
  },
} as const;
