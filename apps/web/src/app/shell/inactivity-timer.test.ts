import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityEvents, startInactivityTimer } from './inactivity-timer.ts';

describe('the inactivity timer (platform.md 4.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('expires once after the configured idle time', () => {
    const onExpire = vi.fn();
    const stop = startInactivityTimer({ timeoutMs: 4000, onExpire });
    vi.advanceTimersByTime(3999);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(10_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each(activityEvents)('is reset by %s', (type) => {
    const onExpire = vi.fn();
    const stop = startInactivityTimer({ timeoutMs: 4000, onExpire });
    vi.advanceTimersByTime(3000);
    window.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(3000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('counts a scroll inside an inner pane as activity', () => {
    const onExpire = vi.fn();
    const stop = startInactivityTimer({ timeoutMs: 4000, onExpire });
    const pane = document.createElement('div');
    document.body.append(pane);
    vi.advanceTimersByTime(3000);
    pane.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(3000);
    expect(onExpire).not.toHaveBeenCalled();
    stop();
    pane.remove();
  });

  it('never fires once stopped', () => {
    const onExpire = vi.fn();
    const stop = startInactivityTimer({ timeoutMs: 4000, onExpire });
    stop();
    vi.advanceTimersByTime(10_000);
    window.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(10_000);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
