import {
  exchangePledgeUnpledge,
  pledgeDetail,
  pledgeOnlineCdsl,
  pledgeOnlineNsdl,
  pledgeRequest,
  type CdslSecurityDetail,
  type ExchangePledgeSubmitItem,
  type NsdlStatusReply,
  type PledgeItem,
  type PledgeTab,
} from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { session, storageKeys } from '../../../lib/storage/storage.ts';

/** The partner app key kept in session storage, sent with pledge calls (investing.md 2 partner mode). */
const appKey = (): { appKey?: string } => {
  const key = session.get(storageKeys.appKey);
  return key ? { appKey: key } : {};
};

/** W on the web (investing.md 9 source codes). */
export const WEB_SOURCE = 'W' as const;

export const pledgeKeys = {
  all: ['pledge'] as const,
  detail: (tab: PledgeTab) => ['pledge', 'detail', tab] as const,
  exchange: ['pledge', 'exchange'] as const,
};

/** /Pledge/Detail: the demats with the rows of the tab. */
export function usePledgeDetail(tab: PledgeTab) {
  return useQuery({
    queryKey: pledgeKeys.detail(tab),
    queryFn: async ({ signal }) =>
      (await callApi(pledgeDetail, { tab, source: WEB_SOURCE, ...appKey() }, { signal })).data.dematData,
  });
}

/** /Pledge/Request: the plain submit (pledge without gateway, or unpledge); answers the server's MESSAGE. */
export async function submitPledge(req_type: PledgeTab, demat: string, symbolArr: PledgeItem[]): Promise<string> {
  return (await callApi(pledgeRequest, { symbolArr, demat, req_type, source: WEB_SOURCE, ...appKey() })).data.MESSAGE;
}

/** /Pledge/Online/NSDL requestFor uniqueNo. */
export async function nsdlUniqueNo(): Promise<string> {
  return (await callApi(pledgeOnlineNsdl, { requestFor: 'uniqueNo', ...appKey() })).data.uniqueNo;
}

/** /Pledge/Online/NSDL requestFor requestStatusCheck. */
export async function nsdlStatus(requestReference: string): Promise<NsdlStatusReply> {
  return (await callApi(pledgeOnlineNsdl, { requestFor: 'requestStatusCheck', requestReference, ...appKey() })).data;
}

/** /Pledge/Online/CDSL: where the browser goes to authorise the pledge. */
export async function cdslRedirect(demat: string, secDtls: CdslSecurityDetail[]): Promise<string> {
  return (await callApi(pledgeOnlineCdsl, { source: WEB_SOURCE, demat, reqType: 'PLEDGE', secDtls, ...appKey() })).data
    .redirectUrl;
}

/** /Exchange/PledgeUnpledge reqType EXCHANGE_PLEDGE_UNPLEDGE: both lists, the state and the segments not enabled. */
export function useExchangePledge() {
  return useQuery({
    queryKey: pledgeKeys.exchange,
    queryFn: async ({ signal }) =>
      (await callApi(exchangePledgeUnpledge, { reqType: 'EXCHANGE_PLEDGE_UNPLEDGE', ...appKey() }, { signal })).data,
  });
}

export async function submitExchangePledge(
  reqType: 'EPLEDGE' | 'EUNPLEDGE',
  symbols: ExchangePledgeSubmitItem[],
): Promise<void> {
  await callApi(exchangePledgeUnpledge, { reqType, symbols, ...appKey() });
}
