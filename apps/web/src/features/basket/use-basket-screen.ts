import type { Basket, BasketLine, BasketLogLine } from '@kite/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchExecutionLog } from './api/execution-log.ts';
import { fetchBasketList } from './api/get-basket-list.ts';
import { fetchBasketLines } from './api/get-basket-symbol-list.ts';
import type { BasketMode } from './basket-view.ts';

export interface BasketScreen {
  mode: BasketMode;
  /** undefined while the first list loads. */
  baskets: Basket[] | undefined;
  selected: Basket | null;
  /** The selected basket's lines (normal mode) or its execution log (log mode); undefined while loading. */
  lines: (BasketLine | BasketLogLine)[] | undefined;
  loading: boolean;
  setMode: (mode: BasketMode) => void;
  select: (id: string) => void;
  /** Reloads the list; `prefer` (a basket id) stays selected when it is still listed. */
  reload: (prefer?: string) => Promise<void>;
}

/**
 * The basket screen's data (trading.md 4.7): two modes, normal (status N) and execution log (status Y). After the
 * baskets load the first is selected and its lines (or log) fetched. A list error is ignored (the list stays as it
 * was, or empty); a lines error empties the lines (trading.md 8). Answers that arrive after a newer request are dropped.
 */
export function useBasketScreen(enabled: boolean): BasketScreen {
  const [mode, setModeState] = useState<BasketMode>('normal');
  const [baskets, setBaskets] = useState<Basket[] | undefined>(undefined);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [lines, setLines] = useState<(BasketLine | BasketLogLine)[] | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const modeRef = useRef<BasketMode>('normal');
  const generation = useRef(0);

  const loadLines = useCallback(async (id: string | null, forMode: BasketMode, turn: number) => {
    setLines(undefined);
    if (id === null) {
      setLines([]);
      return;
    }
    let next: (BasketLine | BasketLogLine)[];
    try {
      next = forMode === 'log' ? await fetchExecutionLog(id) : await fetchBasketLines(id);
    } catch {
      next = [];
    }
    if (turn === generation.current) setLines(next);
  }, []);

  const load = useCallback(
    async (forMode: BasketMode, prefer: string | undefined) => {
      const turn = ++generation.current;
      setLoading(true);
      try {
        let list: Basket[];
        try {
          list = await fetchBasketList(forMode === 'log' ? 'Y' : 'N');
        } catch {
          list = [];
        }
        if (turn !== generation.current) return;
        setBaskets(list);
        const keep = prefer !== undefined && list.some((b) => b.id === prefer) ? prefer : (list[0]?.id ?? null);
        setSelectedId(keep);
        await loadLines(keep, forMode, turn);
      } finally {
        if (turn === generation.current) setLoading(false);
      }
    },
    [loadLines],
  );

  useEffect(() => {
    if (enabled) void load('normal', undefined);
  }, [enabled, load]);

  const setMode = useCallback(
    (next: BasketMode) => {
      modeRef.current = next;
      setModeState(next);
      setBaskets(undefined);
      void load(next, undefined);
    },
    [load],
  );

  const select = useCallback(
    (id: string) => {
      setSelectedId(id);
      const turn = ++generation.current;
      void loadLines(id, modeRef.current, turn);
    },
    [loadLines],
  );

  const reload = useCallback((prefer?: string) => load(modeRef.current, prefer), [load]);

  return {
    mode,
    baskets,
    selected: baskets?.find((b) => b.id === selectedId) ?? null,
    lines,
    loading,
    setMode,
    select,
    reload,
  };
}
