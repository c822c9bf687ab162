import { describe, expect, it } from 'vitest';
import { newsTime } from './news-time.ts';

describe('news time stamp', () => {
  it('shows the IST time stamp dd/mm/yyyy HH:MM (platform.md 9)', () => {
    expect(newsTime('2026-11-27 14:05:09')).toBe('27/11/2026 14:05');
  });
});
