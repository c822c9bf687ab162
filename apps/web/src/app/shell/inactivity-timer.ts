/** Activity that keeps the session alive (platform.md 4.1). */
export const activityEvents = ['load', 'mousemove', 'mousedown', 'click', 'scroll', 'keypress'] as const;

export interface InactivityTimerOptions {
  timeoutMs: number;
  onExpire: () => void;
  target?: Window;
}

/** Starts the idle timer; any activity event restarts it. Returns the function that stops it. */
export function startInactivityTimer({ timeoutMs, onExpire, target = window }: InactivityTimerOptions): () => void {
  let handle: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    if (handle !== undefined) clearTimeout(handle);
    handle = setTimeout(() => {
      handle = undefined;
      stop();
      onExpire();
    }, timeoutMs);
  };
  const stop = () => {
    stopped = true;
    if (handle !== undefined) clearTimeout(handle);
    // Scroll does not bubble to window from inner panes: listen in the capture phase.
    for (const type of activityEvents) target.removeEventListener(type, arm, true);
  };
  for (const type of activityEvents) target.addEventListener(type, arm, { capture: true, passive: true });
  arm();
  return stop;
}
