import { checkMargin, type RequestData } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Trade/CheckMargin (trading.md 4.1, 7): the required margin of a margin-trading buy. */
export async function fetchRequiredMargin(payload: RequestData<typeof checkMargin>, signal?: AbortSignal): Promise<string> {
  const { data } = await callApi(checkMargin, payload, signal ? { signal } : {});
  return data.requiredMargin;
}
