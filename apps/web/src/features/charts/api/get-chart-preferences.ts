import { getChartPreferences, savedChartSchema, type ChartSlot, type SavedChart } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Chart/GetChartPreferences (investing.md 7): the slot's saved chart, or null when none is saved or it is unusable. */
export async function fetchChartPreferences(slot: ChartSlot): Promise<SavedChart | null> {
  const { data } = await callApi(getChartPreferences, { chartId: slot });
  const parsed = savedChartSchema.safeParse(data.preferences);
  return parsed.success ? parsed.data : null;
}
