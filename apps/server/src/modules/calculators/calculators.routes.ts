import type { FastifyInstance } from 'fastify';
import {
  calculateOptions,
  calculateSpan,
  calculateSpanFromPositions,
  getOptionInputs,
  getSpanContracts,
  getSpanExpiries,
  getSpanInstruments,
  getSpanSymbols,
  deriveAbilities,
  ok,
  reject,
  type Result,
} from '@kite/domain';
import { registerCall, type SessionCallContext } from '../../plugins/calls.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../account/client.repo.ts';
import { calculateOptionValues, optionInputs } from './option-calculator.ts';
import {
  calculateSpanMargin,
  calculateSpanOfPositions,
  spanContracts,
  spanExpiries,
  spanInstruments,
  spanSymbols,
} from './span-calculator.ts';

/** /Calculators/CalculateOptions and /Span/* (investing.md 7): the option and SPAN calculators. */
export async function calculatorRoutes(app: FastifyInstance): Promise<void> {
  const market = () => app.marketRuntime.market;

  /** The SPAN calculator needs span_permission (platform.md 6), as its menu entry does. */
  const spanGated =
    <D, T>(work: (data: D, ctx: SessionCallContext) => Promise<Result<T>> | Result<T>) =>
    async (data: D, ctx: SessionCallContext): Promise<Result<T>> => {
      const client = await findClientById(app.db, ctx.session.clientId);
      if (!client) return reject('EGN006');
      if (!deriveAbilities(accountDetailsOf(client), extraFlagsOf(client)).spanCalculator) return reject('EGN004');
      return work(data, ctx);
    };

  registerCall(app, calculateOptions, async (data) => calculateOptionValues(data));
  registerCall(app, getOptionInputs, async (data) => optionInputs(market(), data, app.clock.now()));

  registerCall(
    app,
    getSpanInstruments,
    spanGated(() => ok({ instruments: spanInstruments(market()) })),
  );
  registerCall(
    app,
    getSpanSymbols,
    spanGated(({ exchange, instrument }) => ok({ symbols: spanSymbols(market(), exchange, instrument) })),
  );
  registerCall(
    app,
    getSpanExpiries,
    spanGated(({ exchange, instrument, symbol }) => spanExpiries(market(), exchange, instrument, symbol)),
  );
  registerCall(
    app,
    getSpanContracts,
    spanGated((data) => spanContracts(market(), data)),
  );
  registerCall(
    app,
    calculateSpan,
    spanGated(({ positions }) => calculateSpanMargin(market(), positions)),
  );
  registerCall(
    app,
    calculateSpanFromPositions,
    spanGated((_data, { session }) => calculateSpanOfPositions(app.db, market(), session.clientId)),
  );
}
