import { transferPosition, type ProductType, type SymbolObject } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';
import { ApiError } from '../../../lib/api/api-error.ts';

export interface TransferRequest {
  sym: SymbolObject;
  qty: string;
  fromPOS: ProductType;
  toPOS: ProductType;
  ordAction: 'buy' | 'sell';
}

export interface TransferOutcome {
  ok: boolean;
  message: string;
}

/** /Account/TransferPosition: result.status 'true' is success; anything else, or an error, is FAILED (trading.md 7, 8). */
export async function submitTransfer(request: TransferRequest): Promise<TransferOutcome> {
  try {
    const { data } = await callApi(transferPosition, request);
    return { ok: data.result.status === 'true', message: data.result.message };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message };
    throw error;
  }
}
