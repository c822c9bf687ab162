import type { FastifyInstance } from 'fastify';
import {
  edisSubmit,
  holdingsBySymbol,
  holdingsSummary,
  holdingsSummaryBySymbol,
  investmentOverview,
  ledgerBalance,
  marginDetails,
  marginUtilizationPercent,
  netPositions,
  ok,
  reject,
  transferLogs,
  transferPosition,
} from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { instrumentOfSymbol } from '../../services/market-runtime/symbol-object.ts';
import { submitEdis } from '../../services/portfolio/edis.ts';
import {
  holdingOfInstrument,
  holdingRow,
  holdingsPanel,
  holdingsSummary as summariseHoldings,
  investmentOverview as overviewOf,
} from '../../services/portfolio/holdings.ts';
import { tradingDayOf } from '../../services/portfolio/instruments.ts';
import { orderPanelMargin, symbolPositions } from '../../services/portfolio/order-panel.ts';
import { readFunds } from '../../services/rms/funds.ts';
import {
  ledgerView,
  marginDetails as marginDetailsOf,
  pendingPayoutPaise,
  utilisationPercent,
} from '../../services/portfolio/funds.ts';
import { netPositions as positionsOf, parsePositionFilters } from '../../services/portfolio/positions.ts';
import { transferLogs as transfersOf, transferPosition as transfer } from '../../services/portfolio/transfer.ts';

/** Positions, transfers, holdings, funds and e-DIS (trading.md 2.5, 4.2, 4.4, 4.8, 5.4, 7; platform.md 3.3). Every
 * query is scoped by the session's client id. */
export async function portfolioRoutes(app: FastifyInstance): Promise<void> {
  const market = () => app.marketRuntime.market;
  const today = () => tradingDayOf(app.clock.now());
  const instrumentOf = (sym: { id: string; exc: string }) =>
    instrumentOfSymbol((id) => market().registry.byId(id), sym as never);

  registerCall(app, netPositions, async ({ tab, filters }, { session }) => {
    const parsed = parsePositionFilters(tab, filters);
    if (!parsed.ok) return reject('POR001', `Invalid filter: ${parsed.key}`);
    return ok({ positions: await positionsOf(app.db, market(), session.clientId, tab, parsed.filter) });
  });

  registerCall(app, transferPosition, async ({ sym, qty, fromPOS, toPOS, ordAction }, { session }) => {
    const instrument = instrumentOf(sym);
    if (!instrument) return reject('MKT001');
    const result = await transfer(
      app.db,
      market(),
      session.clientId,
      { instrument, qty, fromPOS, toPOS, ordAction },
      today(),
    );
    return ok({ result });
  });

  registerCall(app, transferLogs, async (_data, { session }) =>
    ok({ transfers: await transfersOf(app.db, session.clientId, today()) }),
  );

  registerCall(app, holdingsSummary, async ({ filter }, { session }) =>
    ok(await summariseHoldings(app.db, market(), session.clientId, filter, today())),
  );

  registerCall(app, investmentOverview, async (_data, { session }) =>
    ok(await overviewOf(app.db, market(), session.clientId, today())),
  );

  registerCall(app, holdingsBySymbol, async ({ sym }, { session }) => {
    const instrument = instrumentOf(sym);
    if (!instrument) return reject('MKT001');
    const [holding, positions, margin] = await Promise.all([
      holdingOfInstrument(app.db, market(), session.clientId, instrument, today()),
      symbolPositions(app.db, market(), session.clientId, instrument),
      orderPanelMargin(app.db, session.clientId),
    ]);
    return ok({ holdings: holdingsPanel(holding), positions, margin });
  });

  registerCall(app, holdingsSummaryBySymbol, async ({ sym }, { session }) => {
    const instrument = instrumentOf(sym);
    if (!instrument) return reject('MKT001');
    const holding = await holdingOfInstrument(app.db, market(), session.clientId, instrument, today());
    if (!holding) return ok({ holding: null });
    const { values: _values, ...row } = holdingRow(market(), holding);
    return ok({ holding: row });
  });

  registerCall(app, ledgerBalance, async (_data, { session }) =>
    ok(await ledgerView(app.db, session.clientId, today())),
  );

  registerCall(app, marginDetails, async ({ segment }, { session }) =>
    ok(await marginDetailsOf(app.db, market(), session.clientId, segment, today())),
  );

  registerCall(app, marginUtilizationPercent, async (_data, { session }) =>
    ok({
      utilizationPercent: utilisationPercent(
        await readFunds(app.db, session.clientId),
        await pendingPayoutPaise(app.db, session.clientId),
      ),
    }),
  );

  registerCall(app, edisSubmit, async (data, { session }) => {
    const outcome = await submitEdis(app.db, market(), session, data, today());
    return outcome.ok ? ok(outcome.answer) : reject(outcome.code, outcome.message);
  });
}
