import { selectionAfterDelete, type WatchlistGroup } from '@kite/domain';

/**
 * Which group each pane shows. At start: favourite slot 1 and 2 where set, else the first groups in the dropdown's
 * order (own, mobile, predefined). The two panes never show the same group (trading.md 4.5).
 */
export function initialSelection(all: readonly WatchlistGroup[]): [string | null, string | null] {
  const first = all.find((g) => g.favid === '1') ?? all[0] ?? null;
  const second = all.find((g) => g.favid === '2' && g.id !== first?.id) ?? all.find((g) => g.id !== first?.id) ?? null;
  return [first?.id ?? null, second?.id ?? null];
}

/**
 * After the groups change: a pane whose group is gone takes the first editable group, else a mobile one, else the
 * first other (trading.md 4.5), never the other pane's.
 */
export function keepSelection(
  all: readonly WatchlistGroup[],
  current: readonly [string | null, string | null],
): [string | null, string | null] {
  const exists = (id: string | null) => id !== null && all.some((g) => g.id === id);
  const result: [string | null, string | null] = [current[0], current[1]];
  for (const pane of [0, 1] as const) {
    if (exists(result[pane])) continue;
    const other = result[pane === 0 ? 1 : 0];
    result[pane] = selectionAfterDelete(all.filter((g) => g.id !== other))?.id ?? null;
  }
  return result;
}
