import { investingText } from '../messages/investing.ts';

/**
 * Answer codes of the IPO calls (investing.md 5 "IPO bid", 7 "IPO", 8). A bid the rules refuse answers the spec's own
 * text as infoMsg, so the place-order screen shows the server's word when its own check was bypassed. Another
 * client's application answers EGN005; a client without any of the four trading segments MKT002.
 */
export const ipoCodes = {
  IPO001: {
    message: 'IPO not found.',
    meaning: 'AddIPO for a symbol that is no IPO of the market, or ValidateDematAcc/AddIPO naming an unknown issue.',
  },
  IPO002: {
    message: 'Invalid bid.',
    meaning:
      "AddIPO whose bids break a rule of investing.md 5 (lots, price band, tick, investment range, category, UPI id, activity types); infoMsg is the rule's text. Nothing is saved.",
  },
  IPO003: {
    message: investingText.ipo.marketClosed('10:00', '17:00'),
    meaning:
      "AddIPO outside the issue's bidding dates or daily hours (IST); infoMsg names the action (placed, modified, cancelled) and the hours. Nothing is saved.",
  },
  IPO004: {
    message: investingText.ipo.alreadyPlaced,
    meaning: 'A new bid in an IPO where the client already has an application with a bid that is not cancelled.',
  },
  IPO005: {
    message: investingText.ipo.invalidDemat,
    meaning:
      "AddIPO whose dpId, clientBenId, depository or PAN is not one of the signed-in client's own demat accounts.",
  },
  IPO006: {
    message: investingText.ipo.exceededToday,
    meaning:
      "OrderBook dates that are not dd/mm/yyyy, after today (IST), or from after to; infoMsg is the spec's text.",
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
