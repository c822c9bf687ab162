import type { FastifyInstance } from 'fastify';
import { istDayFirstDateTime } from '@kite/exchange';
import {
  addWatchlistGroup,
  addWatchlistSymbol,
  deleteWatchlistGroup,
  deleteWatchlistSymbols,
  listWatchlistGroups,
  listWatchlistSymbols,
  ok,
  reject,
  updateWatchlistFavourite,
  updateWatchlistGroup,
  watchlistQuote,
} from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { streamSymOf } from '../../services/market-runtime/instrument-ref.ts';
import { changeText, priceText } from '../../services/market-runtime/price-text.ts';
import { instrumentOfSymbol, symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { WatchlistService } from './watchlist.service.ts';

/** /Watchlist/* (trading.md 3, 4.5, 5.3, 7); every group is the session client's own or a read-only predefined one. */
export async function watchlistRoutes(app: FastifyInstance): Promise<void> {
  const service = new WatchlistService(app.db, () => app.marketRuntime.market);

  registerCall(app, listWatchlistGroups, async (_data, { session }) => service.listGroups(session.clientId));
  registerCall(app, addWatchlistGroup, async ({ name }, { session }) => service.addGroup(session.clientId, name));
  registerCall(app, updateWatchlistGroup, async ({ watchId, name, settings }, { session }) =>
    service.updateGroup(session.clientId, watchId, name, settings),
  );
  registerCall(app, deleteWatchlistGroup, async ({ watchGroup }, { session }) =>
    service.deleteGroups(
      session.clientId,
      watchGroup.map((g) => g.watchId),
    ),
  );
  registerCall(app, addWatchlistSymbol, async ({ watchId, sym }, { session }) =>
    service.addSymbol(session.clientId, watchId, sym),
  );
  registerCall(app, deleteWatchlistSymbols, async ({ watchId, symGroup }, { session }) =>
    service.deleteSymbols(session.clientId, watchId, symGroup),
  );
  registerCall(app, listWatchlistSymbols, async ({ id }, { session }) => service.listSymbols(session.clientId, id));
  registerCall(app, updateWatchlistFavourite, async ({ watchId, favId }, { session }) =>
    service.updateFavourite(session.clientId, watchId, favId),
  );

  registerCall(app, watchlistQuote, async ({ sym }) => {
    const market = app.marketRuntime.market;
    const instrument = instrumentOfSymbol((id) => market.registry.byId(id), sym);
    const q = instrument && market.quote(instrument.id);
    if (!instrument || !q) return reject('MKT001');
    return ok({
      quote: {
        lUpdatedTime: istDayFirstDateTime(q.updatedAt).slice(0, 20),
        ...changeText(q.lastPrice, q.close, instrument.priceDecimals),
        ltp: priceText(q.lastPrice, instrument.priceDecimals),
        lot: instrument.lot,
        sym: symbolObjectOf(instrument),
        streamSym: streamSymOf(instrument),
      },
    });
  });
}
