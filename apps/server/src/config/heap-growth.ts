import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 may grow the old generation's limit past what a full collection left live, in percent. V8's own factor
 * goes up to 4 (300%) and it shrinks the space again by its own heuristics, so over a flat live heap of ~60 MB the
 * server's committed old space swung between ~80 and ~220 MB and RSS with it (the soak, apps/server/src/services/oms
 * README "Memory"). At 100% the committed size stays within about twice the live heap. A tighter 50% made the stream
 * gateway, in the same process, collect in full several times a second (README "Tried as the server's setting").
 */
export const OLD_GENERATION_GROWING_PERCENT = 100;

/**
 * Sets the growing factor for this process. V8 reads the flag each time it sizes the old generation after a full
 * collection, so it holds when set at start-up; NODE_OPTIONS does not accept it, which is why it is set here.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWING_PERCENT}`);
}
