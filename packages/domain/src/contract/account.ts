/** Account, login and session calls (platform.md 7.2). */
export const accountCalls = [] as const;
