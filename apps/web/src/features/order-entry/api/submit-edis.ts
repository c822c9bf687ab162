import { edisSubmit, type RequestData, type ResponseData } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

export type EdisAnswer = ResponseData<typeof edisSubmit>;

/** /Edis/Submit (trading.md 3 "e-DIS submit request"): answers the depository page to open. */
export async function submitEdis(payload: RequestData<typeof edisSubmit>): Promise<EdisAnswer> {
  const { data } = await callApi(edisSubmit, payload);
  return data;
}
