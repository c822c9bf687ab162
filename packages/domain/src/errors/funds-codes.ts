/**
 * Answer codes of the fund transfer calls (investing.md 7 "Alerts, funds, reports, info": call names only; the codes,
 * their texts and rules are ours). Bad input in shape answers EGN001 as everywhere; these are the business refusals.
 */
export const fundsCodes = {
  FND001: {
    message: 'This bank account is not linked to your account.',
    meaning:
      "PlacePayInRequest or PlacePayOutRequest naming a bankId that is not one of the session client's linked banks.",
  },
  FND002: {
    message: 'Please enter a valid amount.',
    meaning: 'An amount below Rs 1 or above the per-request maximum (Rs 10 crore); infoMsg names the limit.',
  },
  FND003: {
    message: 'Pay-ins are limited to Rs 10 crore a day.',
    meaning:
      "A pay-in that would take the client's pay-ins of the IST day (succeeded or still pending) above Rs 10 crore.",
  },
  FND004: {
    message: 'The amount is more than your withdrawable balance.',
    meaning:
      'A pay-out above the withdrawable balance at the moment of the request (read under the funds lock); nothing is blocked.',
  },
  FND005: {
    message: 'No such fund transfer.',
    meaning: "CancelPayoutRequest or /Gateway/RazorPay naming a reference that is not one of the session client's own.",
  },
  FND006: {
    message: 'This withdrawal request can no longer be cancelled.',
    meaning: 'CancelPayoutRequest for a pay-out already processed to the bank or already cancelled; nothing changes.',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
