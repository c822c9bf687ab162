import { calculateOptions, getOptionInputs, type RequestData, type ResponseData } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

export type OptionValues = ResponseData<typeof calculateOptions>;

/** /Calculators/CalculateOptions: the server values the option; the form was checked by the same rules first. */
export async function fetchOptionValues(request: RequestData<typeof calculateOptions>): Promise<OptionValues> {
  return (await callApi(calculateOptions, request)).data;
}

export type OptionInputs = ResponseData<typeof getOptionInputs>;

/** /Calculators/OptionInputs: a listed option's figures at the last prices, and the volatility its premium implies. */
export async function fetchOptionInputs(request: RequestData<typeof getOptionInputs>): Promise<OptionInputs> {
  return (await callApi(getOptionInputs, request)).data;
}
