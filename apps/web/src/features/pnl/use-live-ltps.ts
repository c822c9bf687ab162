import type { PnlRow } from '@kite/domain';
import { useEffect, useState } from 'react';
import { streamKeyFor } from '../../lib/stream/stream.ts';
import { tickStore, useLevel1Figure } from '../../lib/stream/tick-store.ts';

export function keyOf(row: PnlRow) {
  return streamKeyFor({ exc: row.sym.exc, streamSym: row.streamSym, exc_seg: row.sym.exc_seg, xSym: row.sym.xSym });
}

/** The last live price of a row's symbol (a cell's own subscription: a tick re-renders that cell only). */
export function useLiveLtp(row: PnlRow): string | undefined {
  return useLevel1Figure(keyOf(row), (tick) => tick?.ltp);
}

/** The live price of a row now, read without subscribing (sorting reads the prices of the moment of the click). */
export function liveLtpNow(row: PnlRow): string | undefined {
  return tickStore.level1.get(keyOf(row))?.ltp;
}

/**
 * Re-renders on a tick of any of the rows' symbols (the store wakes listeners at most once per frame): the TOTAL
 * rows and header cards sum every row, so they listen to every symbol.
 */
export function useAnyTick(rows: readonly PnlRow[]): number {
  const [version, setVersion] = useState(0);
  const joined = [...new Set(rows.map(keyOf))].join('&');
  useEffect(() => {
    if (!joined) return;
    const bump = () => setVersion((v) => v + 1);
    const stops = joined.split('&').map((key) => tickStore.level1.subscribe(key, bump));
    return () => {
      for (const stop of stops) stop();
    };
  }, [joined]);
  return version;
}
