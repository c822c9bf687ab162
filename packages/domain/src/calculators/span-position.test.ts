import { describe, expect, it } from 'vitest';
import { checkSpanPosition } from './span-position.ts';

describe('a SPAN calculator position', () => {
  it('takes 1 to 10,000 whole lots while fewer than 30 positions are listed', () => {
    expect(checkSpanPosition('1', 0)).toEqual({ ok: true, lots: 1 });
    expect(checkSpanPosition('10000', 29)).toEqual({ ok: true, lots: 10_000 });
  });

  it.each([['0'], [''], ['1.5'], ['10001'], ['x']])('refuses %j lots', (lots) => {
    expect(checkSpanPosition(lots, 0)).toEqual({ ok: false, error: 'Lots must be a whole number from 1 to 10000' });
  });

  it('refuses a 31st position', () => {
    expect(checkSpanPosition('1', 30)).toEqual({ ok: false, error: 'At most 30 positions at a time' });
  });
});
