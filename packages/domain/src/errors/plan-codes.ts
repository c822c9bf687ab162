/**
 * Answer codes of the trading plan calls (investing.md 7 "Trading plan", 8). A request that cannot be read (segments
 * not planId^mode^flag, an unknown plan, a mode the plan's segment has not) is PLN001 and shows in the screen's error
 * area; a well-formed request the client's state refuses (short funds, no current plan to change) answers result F.
 */
export const planCodes = {
  PLN001: {
    message: 'Invalid subscription request.',
    meaning:
      "SubscriptionReq whose planId is not segments planId^mode^autoRenewalFlag joined with '|', names an unknown plan, a segment twice, or a mode its segment has not (equity I, U, D, O, OI; F&O I, O). Nothing is changed.",
  },
  PLN002: {
    message: 'Trading plans are not available on your account.',
    meaning: 'A trading plan call by a client without the plan permission (shubh_plan_permission).',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
