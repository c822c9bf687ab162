import { pause, resume } from '../../lib/stream/stream.ts';

const POLL_MS = 250;

/**
 * Holds live updates while a dialog is open and resumes when it closes (trading.md 4.5). The order dialog is opened
 * through the shell's opener, which tells whether it is open but not when it closes, so this looks every 250 ms.
 */
export function pauseWhile(isOpen: () => boolean): void {
  if (!isOpen()) return;
  pause();
  const timer = setInterval(() => {
    if (isOpen()) return;
    clearInterval(timer);
    resume();
  }, POLL_MS);
}
