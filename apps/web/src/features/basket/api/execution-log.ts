import { basketExecutionLog, type BasketLogLine } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Basket/ExecutionLog: today's latest execution of a basket, line by line. */
export async function fetchExecutionLog(id: string): Promise<BasketLogLine[]> {
  const { data } = await callApi(basketExecutionLog, { id });
  return data.data;
}
