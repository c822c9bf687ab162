import {
  addIpo,
  getAppConfig,
  investingText,
  getIpo,
  getIpoData,
  ipoDpDetails,
  ipoOrderBook,
  validateDematAcc,
  type AddIpoRequest,
  type UpcomingIpo,
} from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { session, storageKeys } from '../../../lib/storage/storage.ts';

/** The app key kept in session storage, sent with every IPO call (investing.md 3 last line). */
const appKey = (): { appKey?: string } => {
  const key = session.get(storageKeys.appKey);
  return key ? { appKey: key } : {};
};

export const ipoKeys = {
  ongoing: ['ipo', 'ongoing'] as const,
  upcoming: ['ipo', 'upcoming'] as const,
  demats: ['ipo', 'demats'] as const,
  orderBook: (from: string, to: string) => ['ipo', 'orderBook', from, to] as const,
};

/** /IPO/GetIPOData (ongoing): the master entries and the UPI handlers that support IPO mandates. */
export function useOngoingIpos() {
  return useQuery({
    queryKey: ipoKeys.ongoing,
    queryFn: async ({ signal }) =>
      (await callApi(getIpoData, { tab: 'ongoing', ...appKey() }, { signal })).data.ipoList,
  });
}

/** /IPO/GetIPO (upcoming): the Upcoming tab's handler (investing.md 2: the tab itself is not listed). */
export function useUpcomingIpos(enabled: boolean) {
  return useQuery({
    queryKey: ipoKeys.upcoming,
    enabled,
    queryFn: async ({ signal }) =>
      (await callApi(getIpo, { tab: 'upcoming', ...appKey() }, { signal })).data.ipoList as UpcomingIpo[],
  });
}

/** /IPO/DPDetails: a failure yields an empty list silently (investing.md 7). */
export function useIpoDemats() {
  return useQuery({
    queryKey: ipoKeys.demats,
    queryFn: async ({ signal }) => {
      try {
        return (await callApi(ipoDpDetails, { ...appKey() }, { signal })).data.dematAccList;
      } catch {
        return [];
      }
    },
  });
}

/** /IPO/OrderBook between two dd/mm/yyyy dates. */
export function useIpoOrderBook(from: string, to: string) {
  return useQuery({
    queryKey: ipoKeys.orderBook(from, to),
    queryFn: async ({ signal }) =>
      (await callApi(ipoOrderBook, { selectedFromDate: from, selectedToDate: to, ...appKey() }, { signal })).data.data,
  });
}

/** /IPO/ValidateDematAcc: whether the server knows the beneficiary id as the client's. */
export async function validateDemat(dematAcc: string): Promise<boolean> {
  return (await callApi(validateDematAcc, { dematAcc, ...appKey() })).data.data;
}

/** /IPO/AddIPO: new, modify or cancel; the answer's content is not read (investing.md 7). */
export async function submitIpoBid(request: Omit<AddIpoRequest, 'appKey'>): Promise<void> {
  await callApi(addIpo, { ...request, ...appKey() });
}

/** /App/Config's IPO help hours for the info popup; the spec's hours when the configuration cannot be read. */
export async function fetchIpoHelpHours(): Promise<string> {
  try {
    return (await callApi(getAppConfig, {})).data.ipoHelpHours || investingText.ipo.defaultHelpHours;
  } catch {
    return investingText.ipo.defaultHelpHours;
  }
}
