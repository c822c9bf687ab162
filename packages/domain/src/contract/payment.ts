/** Demat-charges payment calls (platform.md 7.3). */
export const paymentCalls = [] as const;
