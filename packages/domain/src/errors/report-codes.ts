import { reportsText } from '../messages/reports.ts';

/**
 * Answer codes of the report calls (investing.md 7 "Alerts, funds, reports, info"). A period the rules refuse changes
 * nothing and answers the rule's text as infoMsg; a date that is no dd/mm/yyyy calendar date answers EGN001.
 */
export const reportCodes = {
  RPT001: {
    message: reportsText.range.future,
    meaning: 'A report date (from, to or trade date) after today in IST.',
  },
  RPT002: {
    message: reportsText.range.fromAfterTo,
    meaning: 'A report period whose from date is after its to date.',
  },
  RPT003: {
    message: reportsText.range.tooLong,
    meaning: 'A report period longer than one year (to more than 365 days after from).',
  },
  RPT004: {
    message: reportsText.financialYear.unknown,
    meaning: 'CapitalGLReport or GainSummary for a financial year before 2018-2019 or after the current one.',
  },
  RPT005: {
    message: reportsText.contractNote.empty,
    meaning: 'downloadPDF for a trading day on which the client has no trades: there is no contract note to print.',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
