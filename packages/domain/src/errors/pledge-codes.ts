import { pledgeText } from '../messages/pledge.ts';

/**
 * Answer codes of the pledge calls (investing.md 5 "Exchange pledge", "Depository pledge", 7 "Pledge and depository",
 * 8). A quantity the rules refuse answers the spec's own text as infoMsg. Nothing is changed by a refusal.
 */
export const pledgeCodes = {
  PLG001: {
    message: pledgeText.exchange.selectSymbol,
    meaning: 'A pledge, unpledge or exchange pledge submit with no security in it.',
  },
  PLG002: {
    message: pledgeText.exchange.quantityZero,
    meaning:
      "A quantity a rule of investing.md 5 refuses (0, above the free, to-be-pledged or pledged quantity, segment total above free); infoMsg is the rule's text.",
  },
  PLG003: {
    message: 'Invalid Demat Account.',
    meaning: "The demat account, user id or client id named is not the signed-in client's own.",
  },
  PLG004: {
    message: 'Security not found in your demat holdings.',
    meaning: 'An ISIN the client does not hold in that demat (or holds no pledged quantity of, for an unpledge).',
  },
  PLG005: {
    message: pledgeText.depository.tryLater,
    meaning:
      "The depository gateway asked for does not serve this demat: NSDL for a CDSL demat or the reverse, or the demat's API status is N.",
  },
  PLG006: {
    message: 'Invalid segment.',
    meaning:
      'An exchange pledge segment that is not CM, FO or CDS (NSE/BSE, NFO, CDS), or one the client is not enabled for.',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
