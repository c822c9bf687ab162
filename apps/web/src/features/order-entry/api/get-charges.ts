import { charges, type ChargesResponse, type RequestData } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Trade/Charges (trading.md 7); an error is ignored by the caller (trading.md 8). */
export async function fetchCharges(payload: RequestData<typeof charges>): Promise<ChargesResponse> {
  const { data } = await callApi(charges, payload);
  return data.charges;
}
