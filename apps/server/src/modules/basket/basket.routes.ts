import type { FastifyInstance } from 'fastify';
import {
  addBasket,
  addBasketSymbol,
  basketExecutionLog,
  deleteBasket,
  deleteBasketSymbols,
  deriveAbilities,
  executeBasket,
  getBasketList,
  getBasketSymbolList,
  modifyBasketSymbol,
  reject,
  renameBasket,
  type Result,
} from '@kite/domain';
import { registerCall, type SessionCallContext } from '../../plugins/calls.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../account/client.repo.ts';
import { omsOrderPlacer } from './basket-order-placer.ts';
import { basketService, type BasketService } from './basket.service.ts';

/** /Basket/* (trading.md 2.8, 3, 4.7, 5.5, 7, 8): thin handlers over basket.service.ts. */
export async function basketRoutes(app: FastifyInstance): Promise<void> {
  const service = basketService({
    db: app.db,
    now: () => app.clock.now(),
    findInstrument: (id) => app.marketRuntime.market.registry.byId(id),
    placeOrder: omsOrderPlacer(app.oms),
  });

  /** The basket screen is gated by the client's basket-order flag (trading.md 6). */
  const gated =
    <D, T>(work: (service: BasketService, clientId: number, data: D, ctx: SessionCallContext) => Promise<Result<T>>) =>
    async (data: D, ctx: SessionCallContext): Promise<Result<T>> => {
      const client = await findClientById(app.db, ctx.session.clientId);
      if (!client) return reject('EGN006');
      if (!deriveAbilities(accountDetailsOf(client), extraFlagsOf(client)).basketOrder) return reject('EGN004');
      return work(service, ctx.session.clientId, data, ctx);
    };

  registerCall(
    app,
    getBasketList,
    gated((s, clientId, { status }) => s.list(clientId, status)),
  );
  registerCall(
    app,
    addBasket,
    gated((s, clientId, { name }) => s.create(clientId, name)),
  );
  registerCall(
    app,
    renameBasket,
    gated((s, clientId, { id, name }) => s.rename(clientId, id, name)),
  );
  registerCall(
    app,
    deleteBasket,
    gated((s, clientId, { id }) => s.remove(clientId, id)),
  );
  registerCall(
    app,
    getBasketSymbolList,
    gated((s, clientId, { id }) => s.lines(clientId, id)),
  );
  registerCall(
    app,
    basketExecutionLog,
    gated((s, clientId, { id }) => s.log(clientId, id)),
  );
  registerCall(
    app,
    executeBasket,
    gated((s, clientId, { id }, ctx) => s.execute(clientId, id, { appId: ctx.appId })),
  );
  registerCall(
    app,
    deleteBasketSymbols,
    gated((s, clientId, { id }) => s.removeLines(clientId, id)),
  );
  registerCall(
    app,
    addBasketSymbol,
    gated((s, clientId, payload) => s.addLine(clientId, payload)),
  );
  registerCall(
    app,
    modifyBasketSymbol,
    gated((s, clientId, payload) => s.modifyLine(clientId, payload)),
  );
}
