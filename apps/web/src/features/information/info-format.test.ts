import { describe, expect, it } from 'vitest';
import { dayFirst, dayFirstDateTime } from './info-format.ts';

describe('information page dates', () => {
  it('shows dates day first, as the rest of the app does', () => {
    expect(dayFirst('2026-11-03')).toBe('03-11-2026');
    expect(dayFirstDateTime('2026-11-20 09:05:30')).toBe('20-11-2026 09:05:30');
  });
});
