/**
 * Answer codes of the option and SPAN calculators (investing.md 7 names the calls only; chosen). A figure the
 * calculator's rules refuse answers the rule's own text as infoMsg, the one the screen shows before it asks.
 */
export const calculatorCodes = {
  CAL001: {
    message: 'Please check the figures entered.',
    meaning:
      "CalculateOptions with a figure its rules refuse (domain's checkOptionCalculatorInput); infoMsg is the rule's text.",
  },
  CAL002: {
    message: 'Contract not found.',
    meaning:
      'A /Span/* call naming a contract, underlying or expiry the market does not list for that instrument type.',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
