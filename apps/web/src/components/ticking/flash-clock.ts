/**
 * Lights a ticking figure for a moment after each tick (trading.md 4.9) with a data attribute the stylesheet tints,
 * and one shared timer puts every lit figure out again. Nothing animates frame by frame: a running CSS animation
 * restyles (and repaints) its element on every frame, which a 50-row watchlist at the fastest tick rate could not
 * afford (issue 5, bench/src/web-watchlist.ts); this costs two attribute changes per tick at most.
 */
export const FLASH_MS = 600;
const SWEEP_MS = 100;

export type FlashDirection = 'up' | 'down' | 'same';

const lit = new Map<HTMLElement, number>();
let sweeper: ReturnType<typeof setInterval> | undefined;

function sweep(now = performance.now()): void {
  for (const [element, until] of lit) {
    if (until > now) continue;
    delete element.dataset.flash;
    lit.delete(element);
  }
  if (lit.size === 0 && sweeper !== undefined) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/** Lights the element for FLASH_MS in the tick's direction (a repeated tick lights it again). */
export function flash(element: HTMLElement, direction: FlashDirection, now = performance.now()): void {
  if (element.dataset.flash !== direction) element.dataset.flash = direction;
  lit.set(element, now + FLASH_MS);
  sweeper ??= setInterval(sweep, SWEEP_MS);
}

/** Forgets an element leaving the page. */
export function forget(element: HTMLElement): void {
  lit.delete(element);
}

/** Puts out whatever has been lit for FLASH_MS by `now` (the timer does this by itself; tests call it). */
export const sweepFlashes = sweep;
