import { setChartPreferences, type ChartSlot, type SavedChart } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Chart/ChartPreferences (investing.md 7): saves the slot's chart (preference, symObj, drawings). */
export async function saveChartPreferences(slot: ChartSlot, chart: SavedChart): Promise<void> {
  await callApi(setChartPreferences, { chartId: slot, charts: chart });
}
