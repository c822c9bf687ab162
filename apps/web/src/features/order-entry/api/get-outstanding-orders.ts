import { myOrders, segmentOf, type ProductType, type SymbolObject } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Trade/MyOrders with the outstanding filters (trading.md 7): how many orders of this contract and product are open. */
export async function countOutstandingOrders(sym: SymbolObject, product: ProductType): Promise<number> {
  const segment = segmentOf(sym.instr, sym.exc);
  const { data } = await callApi(myOrders, {
    tab: segment,
    filters: [
      { key: 'ordStatus', value: 'OUTSTANDING' },
      { key: 'exc', value: sym.exc },
      { key: 'prdType', value: product },
    ],
  });
  return data.orders.filter((order) => order.sym.id === sym.id && order.sym.exc === sym.exc && order.prdType === product).length;
}
