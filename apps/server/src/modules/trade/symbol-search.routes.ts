import type { FastifyInstance } from 'fastify';
import { deriveAbilities, ok, reject, symbolSearch } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../account/client.repo.ts';
import { assetFilterOf, minSearchLength, searchSymbols, tabRule } from './symbol-search.ts';

/** /Trade/SymbolSearch (trading.md 2.7, 5.2, 6); the order calls of /Trade come with the order engine. */
export async function symbolSearchRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, symbolSearch, async ({ search, tab, filters }, { session }) => {
    const filter = assetFilterOf(filters);
    if (filter === undefined) return reject('MKT005');
    const client = await findClientById(app.db, session.clientId);
    if (!client) return reject('EGN006');
    const rule = tabRule(tab, filter, deriveAbilities(accountDetailsOf(client), extraFlagsOf(client)));
    if (rule === 'invalid') return reject('MKT005');
    if (rule === 'denied') return reject('MKT002');
    if (search.length < minSearchLength(tab)) return ok({ searchResults: [] });
    return ok({ searchResults: searchSymbols(app.marketRuntime.market, search, rule) });
  });
}
