import {
  getAppConfig,
  getBhavCopy,
  getCorpActions,
  getExchangeMessages,
  getImportantLinks,
  getLoginAlerts,
} from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type BhavCopyExchange = 'NSE' | 'BSE';

export const infoKeys = {
  exchangeMessages: ['info', 'exchangeMessages'] as const,
  importantLinks: ['info', 'importantLinks'] as const,
  bhavCopy: (exchange: BhavCopyExchange) => ['info', 'bhavCopy', exchange] as const,
  loginAlerts: ['info', 'loginAlerts'] as const,
  corporateActions: ['info', 'corporateActions'] as const,
  customerCare: ['info', 'customerCare'] as const,
};

/** /Info/GetExchangeMessages: the exchanges' bulletin, newest first. */
export function useExchangeMessages() {
  return useQuery({
    queryKey: infoKeys.exchangeMessages,
    queryFn: async ({ signal }) => (await callApi(getExchangeMessages, {}, { signal })).data.messages,
  });
}

/** /Info/GetImportantLinks: the curated list; it changes with a release, so it is read once per visit. */
export function useImportantLinks() {
  return useQuery({
    queryKey: infoKeys.importantLinks,
    queryFn: async ({ signal }) => (await callApi(getImportantLinks, {}, { signal })).data.links,
    staleTime: Infinity,
  });
}

/** /Info/GetBhavCopy: the day's statistics of a cash market's equities, as of the call. */
export function useBhavCopy(exchange: BhavCopyExchange) {
  return useQuery({
    queryKey: infoKeys.bhavCopy(exchange),
    queryFn: async ({ signal }) => (await callApi(getBhavCopy, { exchange }, { signal })).data,
  });
}

/** /Info/GetLoginAlerts: the client's own recent logins. */
export function useLoginAlerts() {
  return useQuery({
    queryKey: infoKeys.loginAlerts,
    queryFn: async ({ signal }) => (await callApi(getLoginAlerts, {}, { signal })).data.logins,
  });
}

/** /Info/CorpActions: dividends, splits, bonuses... with their ex-dates and record dates. */
export function useCorporateActions() {
  return useQuery({
    queryKey: infoKeys.corporateActions,
    queryFn: async ({ signal }) => (await callApi(getCorpActions, {}, { signal })).data.actions,
  });
}

/** The spec's {phone} and {email}: /App/Config's customerCare. */
export function useCustomerCare() {
  return useQuery({
    queryKey: infoKeys.customerCare,
    queryFn: async ({ signal }) => (await callApi(getAppConfig, {}, { signal })).data.customerCare,
    staleTime: Infinity,
  });
}
