import { informationText } from '../messages/information.ts';

/**
 * Answer codes of the information calls (investing.md 7 "Alerts, funds, reports, info"). The bulletin, links, login
 * alerts and order alerts have no business refusal: they answer the session client's own rows, or none.
 */
export const informationCodes = {
  INF001: {
    message: informationText.bhavCopy.notTradingDay('The exchange'),
    meaning:
      'GetBhavCopy with MARKET_HOURS=real on a day the exchange does not trade, or before its pre-open: there is no session of the day yet; infoMsg names the exchange.',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
