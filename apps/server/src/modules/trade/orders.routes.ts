import type { FastifyInstance } from 'fastify';
import {
  addOrder,
  addSpreadOrder,
  cancelOrder,
  exitBracketOrder,
  exitCoverOrder,
  modifyOrder,
  myOrders,
  myTrades,
  ok,
  openOrders,
  pendingOrders,
  orderExchangeForSwitch,
  orderLog,
  reject,
  invalidRequest,
} from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { listOrders, listTrades, orderLogOf } from '../../services/oms/order-book.ts';

/** Idempotency-Key header (ARCHITECTURE.md "An order"): a retried placement answers the first answer. */
function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined | null {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) return null;
  return value;
}

function filterValue(filters: readonly { key: string; value: string }[], key: string): string | undefined {
  const value = filters.find((f) => f.key === key)?.value;
  return value === undefined || value === '' || value === 'ALL' ? undefined : value;
}

/** The order calls of trading.md 7 (services/oms does the work; every call is scoped to the session's client). */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  registerCall(
    app,
    addOrder,
    async (data, { session, request, appId }) => {
      const key = idempotencyKeyOf(request.headers);
      if (key === null) return invalidRequest('Idempotency-Key must be 1 to 200 characters');
      return app.oms.place(session.clientId, data, {
        ...(appId ? { appId } : {}),
        ...(key ? { idempotencyKey: key } : {}),
        ...(session.permissions ? { permissions: session.permissions } : {}),
      });
    },
    { awaitsReports: false },
  );

  registerCall(app, modifyOrder, async (data, { session }) => app.oms.modify(session.clientId, data));

  registerCall(app, cancelOrder, async ({ orderId }, { session }) => app.oms.cancel(session.clientId, orderId));

  registerCall(app, exitCoverOrder, async ({ orderId }, { session }) => app.oms.exit(session.clientId, orderId, 'CO'));

  registerCall(app, exitBracketOrder, async ({ orderId }, { session }) =>
    app.oms.exit(session.clientId, orderId, 'BO'),
  );

  registerCall(app, addSpreadOrder, async (data, { session, appId }) =>
    app.oms.placeSpread(session.clientId, data, appId ? { appId } : {}),
  );

  for (const call of [openOrders, pendingOrders]) {
    registerCall(app, call, async (_data, { session }) =>
      ok({ orders: await listOrders(app.db, app.oms.market, session.clientId, session.userId, { openOnly: true }) }),
    );
  }

  registerCall(app, myOrders, async ({ tab, filters }, { session }) => {
    const status = filterValue(filters, 'ordStatus');
    const switchValue = filterValue(filters, 'exc');
    const exchange = switchValue && orderExchangeForSwitch(tab, switchValue);
    const product = filterValue(filters, 'prdType');
    const instrumentId = filterValue(filters, 'uniqueId');
    const orders = await listOrders(app.db, app.oms.market, session.clientId, session.userId, {
      segment: tab,
      ...(status ? { status } : {}),
      ...(exchange ? { exchange } : {}),
      ...(product ? { product } : {}),
      ...(instrumentId ? { instrumentId } : {}),
    });
    return ok({ orders });
  });

  registerCall(app, myTrades, async ({ tab, filters }, { session }) => {
    const switchValue = filterValue(filters, 'exc');
    const exchange = switchValue && (tab ? orderExchangeForSwitch(tab, switchValue) : switchValue);
    const trades = await listTrades(app.db, app.oms.market, session.clientId, {
      ...(tab ? { segment: tab } : {}),
      ...(exchange ? { exchange } : {}),
    });
    return ok({ trades });
  });

  registerCall(app, orderLog, async ({ orderId }, { session }) => {
    const log = await orderLogOf(app.db, session.clientId, orderId);
    return log === null ? reject('ORD001') : ok({ orderLog: log });
  });
}
