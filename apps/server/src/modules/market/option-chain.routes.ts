import type { FastifyInstance } from 'fastify';
import { getOptionChain, reject } from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { instrumentOfSymbol } from '../../services/market-runtime/symbol-object.ts';
import { buildOptionChain } from './option-chain.ts';

/** The option chain of an index, a stock or any of their contracts; it reads the market without starting books. */
export async function optionChainRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, getOptionChain, async ({ sym, expiry }) => {
    const market = app.marketRuntime.market;
    const instrument = instrumentOfSymbol((id) => market.registry.byId(id), sym);
    return instrument ? buildOptionChain(market, instrument, expiry) : reject('MKT001');
  });
}
