import { platformText } from '../messages/platform.ts';
import { tradingText } from '../messages/trading.ts';

/**
 * Answer codes of the order path: placement, modification, cancellation, exits and the RMS (trading.md 4, 5.1, 7, 8).
 * Codes whose message is a template answer with the filled-in text (reject(code, text)).
 */
export const orderCodes = {
  ORD001: {
    message: 'Order not found.',
    meaning: "The order id names no order of this client (unknown, or another client's order); nothing is changed.",
  },
  ORD002: {
    message: 'Insufficient funds. The required margin exceeds the available margin.',
    meaning:
      'The RMS refused the order: required margin above ledger balance + collateral - blocked - used margin, or, for a delivery buy, above the cash available (collateral never funds one).',
  },
  ORD003: {
    message: 'This order can no longer be modified.',
    meaning:
      'ModifyOrder on an order that is executed, cancelled, rejected, a leg that cannot change, or not yet at the exchange.',
  },
  ORD004: {
    message: 'This order can no longer be cancelled.',
    meaning: 'CancelOrder on an order that is executed, cancelled or rejected.',
  },
  ORD005: {
    message: 'This order is not an open cover or bracket order.',
    meaning: 'ExitCoverOrder/ExitBracketOrder on an order that is not the entry of an open CO/BO of the matching kind.',
  },
  ORD006: {
    message: 'Inputs not validated',
    meaning: "The order failed the order-entry rules (trading.md 5.1); the answer carries the rule's own message.",
  },
  ORD007: {
    message: 'The exchange rejected the order.',
    meaning: 'The simulated exchange refused a modification or cancellation; the answer carries the reason.',
  },
  ORD008: {
    message: 'Sell quantity is more than the free quantity of your holdings.',
    meaning:
      "A CASH sell above holdings + today's delivery buys - today's sells and open sell orders of the scrip; NOT IN DP " +
      "without short-sell permission, above today's unsold delivery buys; a modify growing such a sell beyond them.",
  },
  ORD009: {
    message: platformText.segmentNotSubscribed,
    meaning: "The client is not enabled for the order's exchange (deriveAbilities + canTradeExchange).",
  },
  ORD010: {
    message: tradingText.edis.approvalRequired,
    meaning: 'A non-POA client sells IN DP holdings without an approved e-DIS quantity for today (trading.md 4.2).',
  },
  ORD011: {
    message: 'Order Entry not permitted as there are outstanding orders in this symbol (or contract) for this client.',
    meaning:
      'Square-off while orders in the symbol and product are outstanding (trading.md 5.1); the answer names the product.',
  },
  ORD012: {
    message: 'Symbol not found.',
    meaning: 'The symbol object names no tradable instrument of the day.',
  },
  ORD013: {
    message: platformText.mtfNotActive,
    meaning:
      'A margin-trading (MARGIN) buy on NSE or BSE by a client whose mta flag for that exchange is not Y (trading.md 6); the order dialog asks for activation first.',
  },
  ORD014: {
    message: 'The side, product and symbol of an order cannot be modified.',
    meaning:
      "ModifyOrder (or AddSpreadOrder with orderId) whose side, product or symbol is not the order's own: an exchange lets only price, quantity, trigger price, validity and disclosed quantity change; nothing is changed.",
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
