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
} as const;
