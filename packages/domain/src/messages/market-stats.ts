/**
 * Texts of the market statistics screens (investing.md 2 "Market statistics"). The spec gives the routes and the
 * menu's names only; the headings, column names and no-data messages are chosen.
 */
export const marketStatsText = {
  overview: {
    title: 'Equity Overview',
    indices: 'Indices',
    breadth: 'Advances / Declines',
    exchange: 'Exchange',
    lists: 'Market statistics lists',
    tabs: {
      volume: 'Most Active (Volume)',
      value: 'Most Active (Value)',
      high: 'Near 52W High',
      low: 'Near 52W Low',
      up: 'Gap Up',
      down: 'Gap Down',
    },
    listNote: 'Ranked among the benchmark index (NIFTY 50 on NSE, SENSEX on BSE) and every other equity traded today.',
    empty: {
      volume: 'Nothing has traded yet today.',
      value: 'Nothing has traded yet today.',
      high: 'No equity to show.',
      low: 'No equity to show.',
      up: 'No equity opened above its previous close.',
      down: 'No equity opened below its previous close.',
    },
  },
  breadth: {
    advances: 'Advances',
    declines: 'Declines',
    unchanged: 'Unchanged',
    summary: (advances: string, declines: string, unchanged: string) =>
      `${advances} advances, ${declines} declines, ${unchanged} unchanged`,
  },
  columns: {
    symbol: 'Symbol',
    index: 'Index',
    ltp: 'LTP',
    change: 'Change',
    changePer: 'Change %',
    open: 'Open',
    prevClose: 'Prev. Close',
    volume: 'Volume',
    value: 'Value (₹ Lakh)',
    yearHigh: '52W High',
    yearLow: '52W Low',
    fromHigh: 'Below High %',
    fromLow: 'Above Low %',
    gap: 'Gap %',
    high: 'High',
    low: 'Low',
  },
  heatmap: {
    title: 'Heatmap',
    index: 'Index',
    legend: 'Tiles coloured by change % today: green rose, red fell.',
    tile: (symbol: string, ltp: string, chngPer: string) => `${symbol}: ${ltp}, ${chngPer}%`,
    empty: 'No constituents to show.',
  },
  indices: {
    title: 'Indices',
    caption: 'Every index with its level, change and the breadth of its constituents',
    empty: 'No index to show.',
  },
  loading: 'Loading market statistics…',
  error: 'Market statistics could not be loaded. Try again in a moment.',
  refresh: 'Refresh',
} as const;
