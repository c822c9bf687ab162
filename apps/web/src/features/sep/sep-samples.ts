/** The scrips the mock-up offers (investing.md 2: SEP is a static mock-up that loads no server data). */
export const SEP_SCRIPS = ['HDFCBANK', 'INFY', 'ITC', 'RELIANCE', 'TCS', 'SBIN'] as const;
