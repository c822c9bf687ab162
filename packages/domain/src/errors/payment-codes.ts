/** Answer codes of the public demat-charges payment pages (platform.md 2.6, 4.6, 7.3, 8). */
export const paymentCodes = {
  PAY001: { message: 'Invalid Captcha. Please try again.', meaning: 'The captcha answer did not match; the captcha is used up either way.' },
  PAY002: {
    message: 'Captcha has expired. Please try again with the new captcha.',
    meaning: 'No live captcha for this browser: never issued, already used or older than its lifetime.',
  },
  PAY003: { message: 'Invalid DP ID. Please check the demat account number.', meaning: 'No demat account with this number.' },
  PAY004: { message: 'There are no dues pending for this demat account.', meaning: 'The demat account has nothing to pay.' },
  PAY005: {
    message: 'This payment link is not valid or has expired. Please start again.',
    meaning: 'The details token was tampered with, expired or already used for a completed payment.',
  },
  PAY006: { message: 'No such payment.', meaning: 'The payment provider has no transaction with this token.' },
  PAY007: { message: 'This payment has already been completed.', meaning: 'A second outcome for a finished transaction; nothing was changed.' },
} as const satisfies Record<string, { message: string; meaning: string }>;
