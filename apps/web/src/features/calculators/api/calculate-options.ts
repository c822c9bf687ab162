import { calculateOptions, type RequestData, type ResponseData } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

export type OptionValues = ResponseData<typeof calculateOptions>;

/** /Calculators/CalculateOptions: the server values the option; the form was checked by the same rules first. */
export async function fetchOptionValues(request: RequestData<typeof calculateOptions>): Promise<OptionValues> {
  return (await callApi(calculateOptions, request)).data;
}
