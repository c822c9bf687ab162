import { investingText, displayDate } from '@kite/domain';

const text = investingText.marketTimings;

type Phase = keyof typeof text.statuses;

/** "Closed at 15:30" on the feed's own day, "Pre-Open at 23/11/2026 09:00" on a later one; null: never changes. */
export function nextChangeText(nextChange: string | null, nextStatus: Phase | null, feedTime: string): string {
  if (nextChange === null || nextStatus === null) return text.noChange;
  const [date = '', time = ''] = nextChange.split(' ');
  const hourMinute = time.slice(0, 5);
  const when = date === feedTime.split(' ')[0] ? hourMinute : `${displayDate(date)} ${hourMinute}`;
  return text.nextChange(text.statuses[nextStatus], when);
}

/** "09:15 – 15:30" for a phase of the day, or a dash when the exchange has no such session. */
export function sessionText(sessions: { phase: string; start: string; end: string }[], phase: Phase): string {
  const session = sessions.find((s) => s.phase === phase);
  return session ? `${session.start} – ${session.end}` : text.noSession;
}
