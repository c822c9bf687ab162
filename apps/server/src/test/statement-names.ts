import type { Queryable } from '../db/pool.ts';

/** `tx`, recording the name (or, for an unnamed one, the text) of each statement sent through it, in order. */
export function recordingStatements(tx: Queryable): { tx: Queryable; names: string[] } {
  const names: string[] = [];
  const query = (config: { name?: string; text: string }, ...rest: unknown[]) => {
    names.push(config.name ?? config.text);
    return (tx.query as (...args: unknown[]) => unknown).apply(tx, [config, ...rest]);
  };
  return { tx: { query } as unknown as Queryable, names };
}
