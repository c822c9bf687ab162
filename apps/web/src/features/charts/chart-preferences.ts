import { chartSlots, savedChartSchema, type ChartSlot, type SavedChart } from '@kite/domain';
import { local, storageKeys } from '../../lib/storage/storage.ts';
import { fetchChartPreferences } from './api/get-chart-preferences.ts';
import { saveChartPreferences } from './api/set-chart-preferences.ts';
import { findDefaultSymbol } from './api/default-symbol.ts';
import { defaultChart } from './chart-options.ts';

/** investing.md 9: local save delay 500 ms, server save throttle 30 s. */
export const LOCAL_SAVE_DELAY_MS = 500;
export const SERVER_SAVE_EVERY_MS = 30_000;

/** The slot's browser-storage key (lib/storage owns every key; the session store clears these four on logout). */
function keyOf(slot: ChartSlot): string {
  return storageKeys.chartSlots[chartSlots.indexOf(slot)] ?? storageKeys.chartSlots[0];
}

/** The slot's chart from browser storage; anything unreadable or not a chart the widget can draw counts as none. */
export function readStoredChart(slot: ChartSlot): SavedChart | null {
  const raw = local.get(keyOf(slot));
  if (!raw) return null;
  try {
    const parsed = savedChartSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredChart(slot: ChartSlot, chart: SavedChart): void {
  local.set(keyOf(slot), JSON.stringify(chart));
}

export interface LoadedChart {
  /** Null only when not even the default chart's symbol could be found: the widget then asks for a symbol. */
  chart: SavedChart | null;
  from: 'browser' | 'server' | 'default';
}

/**
 * investing.md 4 "Chart": a slot's chart comes from browser storage first, else from the server; with neither (or on
 * failure) a default chart is made. A chart from the server is kept in the browser for the next visit.
 */
export async function loadChart(slot: ChartSlot): Promise<LoadedChart> {
  const stored = readStoredChart(slot);
  if (stored) return { chart: stored, from: 'browser' };
  try {
    const saved = await fetchChartPreferences(slot);
    if (saved) {
      writeStoredChart(slot, saved);
      return { chart: saved, from: 'server' };
    }
  } catch {
    // investing.md 8: a chart preference failure falls back to a default chart.
  }
  try {
    const sym = await findDefaultSymbol();
    return { chart: sym ? defaultChart(sym) : null, from: 'default' };
  } catch {
    return { chart: null, from: 'default' };
  }
}

interface SlotSaves {
  latest: SavedChart;
  localTimer: ReturnType<typeof setTimeout> | undefined;
  serverTimer: ReturnType<typeof setTimeout> | undefined;
  lastServerAt: number;
}

export interface ChartSaver {
  /** A changed chart: to browser storage 500 ms after the last change, to the server at most once per 30 s. */
  save(slot: ChartSlot, chart: SavedChart): void;
  /** Writes waiting browser saves now (the page is being left). */
  flush(): void;
  /**
   * Sends every waiting save to the server now, without waiting for the 30 s throttle, and resolves when they are
   * answered: called before a logout revokes the session, so the last changes are not lost with the cleared keys.
   */
  sendWaiting(): Promise<void>;
  /** Drops every waiting save (logout: nothing may be written after the keys are cleared). */
  cancel(): void;
}

export function createChartSaver(): ChartSaver {
  const slots = new Map<ChartSlot, SlotSaves>();

  const send = (slot: ChartSlot, saves: SlotSaves): void => {
    saves.serverTimer = undefined;
    saves.lastServerAt = Date.now();
    // The browser copy is already written; a failed server save is made good by the next change.
    saveChartPreferences(slot, saves.latest).catch(() => undefined);
  };

  const toServer = (slot: ChartSlot, saves: SlotSaves): void => {
    if (saves.serverTimer !== undefined) return;
    const wait = saves.lastServerAt + SERVER_SAVE_EVERY_MS - Date.now();
    if (wait <= 0) send(slot, saves);
    else saves.serverTimer = setTimeout(() => send(slot, saves), wait);
  };

  const toBrowser = (slot: ChartSlot, saves: SlotSaves): void => {
    saves.localTimer = undefined;
    writeStoredChart(slot, saves.latest);
  };

  return {
    save(slot, chart) {
      let saves = slots.get(slot);
      if (!saves) {
        saves = {
          latest: chart,
          localTimer: undefined,
          serverTimer: undefined,
          lastServerAt: Number.NEGATIVE_INFINITY,
        };
        slots.set(slot, saves);
      }
      saves.latest = chart;
      clearTimeout(saves.localTimer);
      const current = saves;
      saves.localTimer = setTimeout(() => {
        toBrowser(slot, current);
        toServer(slot, current);
      }, LOCAL_SAVE_DELAY_MS);
    },
    flush() {
      for (const [slot, saves] of slots) {
        if (saves.localTimer === undefined) continue;
        clearTimeout(saves.localTimer);
        toBrowser(slot, saves);
      }
    },
    async sendWaiting() {
      const sends: Promise<unknown>[] = [];
      for (const [slot, saves] of slots) {
        if (saves.localTimer === undefined && saves.serverTimer === undefined) continue;
        clearTimeout(saves.localTimer);
        clearTimeout(saves.serverTimer);
        saves.localTimer = undefined;
        saves.serverTimer = undefined;
        writeStoredChart(slot, saves.latest);
        saves.lastServerAt = Date.now();
        sends.push(saveChartPreferences(slot, saves.latest).catch(() => undefined));
      }
      await Promise.all(sends);
    },
    cancel() {
      for (const saves of slots.values()) {
        clearTimeout(saves.localTimer);
        clearTimeout(saves.serverTimer);
      }
      slots.clear();
    },
  };
}
