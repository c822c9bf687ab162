import { tradingText } from '../messages/trading.ts';

/**
 * Answer codes of the portfolio calls: net positions, position transfer, holdings, funds and e-DIS (trading.md 2.5,
 * 4.2, 4.8, 5.4, 7, 8; platform.md 3.3). Rule failures of a transfer answer infoID 0 with result.status 'false' and
 * the spec's message (trading.md 7), so the codes below are for requests that cannot be acted on at all.
 */
export const portfolioCodes = {
  POR001: {
    message: 'Invalid filter.',
    meaning:
      'NetPositions with a filter key the tab does not have, or a value outside its list (prdType, exc, assetClass, positionDay).',
  },
  POR002: {
    message: 'Holding not found.',
    meaning:
      "e-DIS submit for a symbol the client does not hold in the named demat (another client's holding included).",
  },
  POR003: {
    message: 'This holding does not need e-DIS approval.',
    meaning: 'e-DIS submit for a holding in a demat with POA/DDPI: it can be sold without authorisation.',
  },
  POR004: {
    message: tradingText.orderEntry.invalidQuantity,
    meaning:
      'e-DIS submit quantity that is not a whole number above 0, or more than the free, not yet approved quantity.',
  },
  POR005: {
    message: 'Demat account not found.',
    meaning: "e-DIS submit whose clientId, dpId or appKey is not the signed-in client's own.",
  },
  POR006: {
    message: 'e-DIS request not found.',
    meaning: 'The depository page was opened for a request number that does not exist.',
  },
  POR007: {
    message: 'Security not found in your portfolio.',
    meaning:
      'TradeHistory for a security id that names no instrument of the segment, or one the client has no holding, position or trade in (another client\'s included).',
  },
  POR008: {
    message: 'Client not found.',
    meaning: "The standalone viewer's client_id names a client other than the signed-in one (or none).",
  },
  POR009: {
    message: 'Too many wrong passwords. Please log in again.',
    meaning: 'The standalone viewer was given 5 wrong passwords in this login session; it refuses the session from then on.',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
