import type { FastifyInstance } from 'fastify';
import {
  getChartPreferences,
  ok,
  reject,
  savedChartSchema,
  setChartPreferences,
  type SavedChart,
  type SymbolObject,
} from '@kite/domain';
import { registerCall } from '../../plugins/calls.ts';
import { instrumentOfSymbol } from '../../services/market-runtime/symbol-object.ts';
import * as repo from './chart-preferences.repo.ts';

/** The symbols a saved chart draws: its main symbol, then each comparison series. */
function symbolsOf(chart: SavedChart): SymbolObject[] {
  return [chart.symObj, ...chart.preference.layout.comparisons];
}

/**
 * /Chart/GetChartPreferences and /Chart/ChartPreferences (investing.md "Charts", 7): the session client's four chart
 * slots. Every statement is scoped by the session's client id; the body names only the slot.
 */
export async function chartPreferenceRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, getChartPreferences, async ({ chartId }, { session }) => {
    const stored = savedChartSchema.safeParse(await repo.findChart(app.db, session.clientId, chartId));
    // A row the contract no longer accepts (saved under an older one) answers as none saved: the default chart.
    return ok({ preferences: stored.success ? stored.data : null });
  });

  registerCall(app, setChartPreferences, async ({ chartId, charts }, { session }) => {
    const market = app.marketRuntime.market;
    const unknown = symbolsOf(charts).find((sym) => !instrumentOfSymbol((id) => market.registry.byId(id), sym));
    if (unknown) return reject('MKT001', `Symbol not found: ${unknown.id} (${unknown.exc}).`);
    await repo.saveChart(app.db, session.clientId, chartId, charts);
    return ok({ saved: true });
  });
}
