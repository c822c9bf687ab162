import { describe, expect, it } from 'vitest';
import { nextChangeText, sessionText } from './timings-format.ts';

describe('market timings formats', () => {
  it('shows the next change as a time on the same day and with its date on a later one', () => {
    expect(nextChangeText('2026-11-20 15:30:00', 'closed', '2026-11-20 10:00:00')).toBe('Closed at 15:30');
    expect(nextChangeText('2026-11-23 09:00:00', 'pre-open', '2026-11-21 11:00:00')).toBe(
      'Pre-Open at 23/11/2026 09:00',
    );
    expect(nextChangeText(null, null, '2026-11-21 11:00:00')).toBe('Open round the clock');
  });

  it('shows a session as its start and end, and a dash for a session the exchange does not have', () => {
    const sessions = [
      { phase: 'pre-open', start: '09:00', end: '09:15' },
      { phase: 'open', start: '09:15', end: '15:30' },
    ];
    expect(sessionText(sessions, 'open')).toBe('09:15 – 15:30');
    expect(sessionText(sessions, 'post-close')).toBe('--');
  });
});
