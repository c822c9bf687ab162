import {
  backOfficeReport,
  capitalGlReport,
  downloadPdf,
  segmentReport,
  clientMaster,
  digitalContract,
  gainSummary,
  holdingsSummary,
  reportWebService,
  tradeRegister,
} from '@kite/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** A period as the pickers write it (dd/mm/yyyy, IST days). */
export interface PeriodText {
  from: string;
  to: string;
}

export const reportKeys = {
  ledger: (from: string, to: string) => ['reports', 'ledger', from, to] as const,
  contractNote: (day: string) => ['reports', 'contractNote', day] as const,
  register: (from: string, to: string) => ['reports', 'register', from, to] as const,
  capitalGain: (year: string) => ['reports', 'capitalGain', year] as const,
  gainSummary: (year: string) => ['reports', 'gainSummary', year] as const,
  backOffice: (year: 'current' | 'previous') => ['reports', 'backOffice', year] as const,
  segment: (segment: string, from: string, to: string) => ['reports', 'segment', segment, from, to] as const,
};

/** /Reports/ReportWebService (ledger) for a period. */
export function useLedger(period: PeriodText) {
  return useQuery({
    queryKey: reportKeys.ledger(period.from, period.to),
    retry: false,
    queryFn: async ({ signal }) =>
      (await callApi(reportWebService, { report: 'ledger', fromDate: period.from, toDate: period.to }, { signal }))
        .data,
  });
}

/** /Reports/DigitalContract for one trading day. */
export function useContractNote(day: string) {
  return useQuery({
    queryKey: reportKeys.contractNote(day),
    retry: false,
    queryFn: async ({ signal }) => (await callApi(digitalContract, { tradeDate: day }, { signal })).data,
  });
}

/** /Report/CapitalGLReport: the datewise lots of a financial year. */
export function useCapitalGain(year: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.capitalGain(year),
    enabled,
    retry: false,
    queryFn: async ({ signal }) => (await callApi(capitalGlReport, { financialYear: year }, { signal })).data,
  });
}

/** /Report/GainSummary: the totals of a financial year by term and by security. */
export function useGainSummary(year: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.gainSummary(year),
    enabled,
    retry: false,
    queryFn: async ({ signal }) => (await callApi(gainSummary, { financialYear: year }, { signal })).data,
  });
}

/** /Reports/TradeRegister: the trades of a period with their charges. */
export function useTradeRegister(period: PeriodText) {
  return useQuery({
    queryKey: reportKeys.register(period.from, period.to),
    retry: false,
    queryFn: async ({ signal }) =>
      (await callApi(tradeRegister, { fromDate: period.from, toDate: period.to }, { signal })).data,
  });
}

/** /Reports/ClientMaster: the client's own record, masked. */
export function useClientMaster() {
  return useQuery({
    queryKey: ['reports', 'clientMaster'],
    retry: false,
    queryFn: async ({ signal }) => (await callApi(clientMaster, {}, { signal })).data,
  });
}

/** /Account/HoldingsSummary (the holdings call that exists), for the demat holdings statement. */
export function useDematStatement() {
  return useQuery({
    queryKey: ['reports', 'dematHoldings'],
    retry: false,
    queryFn: async ({ signal }) => (await callApi(holdingsSummary, { filter: 'H' }, { signal })).data.holdings,
  });
}

/** /Reports/BackOfficeReport: the statement of the current or the previous financial year, asked on opening. */
export function useBackOffice(year: 'current' | 'previous') {
  return useQuery({
    queryKey: reportKeys.backOffice(year),
    retry: false,
    queryFn: async ({ signal }) => (await callApi(backOfficeReport, { year }, { signal })).data,
  });
}

/** /Reports/SegmentReport: a segment's trades and realised P&L per security over a period. */
export function useSegmentReport(segment: 'equity' | 'fno', period: PeriodText) {
  return useQuery({
    queryKey: reportKeys.segment(segment, period.from, period.to),
    retry: false,
    queryFn: async ({ signal }) =>
      (await callApi(segmentReport, { segment, fromDate: period.from, toDate: period.to }, { signal })).data,
  });
}

/** /Reports/downloadPDF: the day's contract note as a PDF, saved as a file when it arrives. */
export function useDownloadContractPdf() {
  return useMutation({
    mutationFn: async (tradeDate: string) => (await callApi(downloadPdf, { tradeDate })).data,
  });
}
