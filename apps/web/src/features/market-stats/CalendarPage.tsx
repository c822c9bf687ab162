import { marketStatsText, type CalendarDay, displayDate } from '@kite/domain';
import { useId } from 'react';
import { useMarketCalendar } from './api/market-stats.ts';
import styles from './market-stats.module.css';

const text = marketStatsText;
const WEEKS = 6;

function statusOf(day: CalendarDay): string | null {
  if (day.holiday) return text.calendar.holiday;
  return day.trading ? null : text.calendar.closed;
}

/** /home/ms/eq/calender: the coming weeks as a Monday-first grid, holidays and F&O expiry days marked. */
export function CalendarPage() {
  const titleId = useId();
  const calendar = useMarketCalendar(WEEKS);
  const data = calendar.data;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.calendar.title}
        </h1>
      </header>
      <p className={styles.note}>{text.calendar.note}</p>
      {calendar.isError && (
        <p role="alert" className={styles.state}>
          {text.error}
        </p>
      )}
      {!data && !calendar.isError && (
        <p role="status" className={styles.state}>
          {text.loading}
        </p>
      )}
      {data?.days.length === 0 && <p className={styles.state}>{text.calendar.empty}</p>}
      {data && data.days.length > 0 && (
        <ol className={styles.calendar} aria-label={text.calendar.title}>
          {data.days.map((day) => (
            <li
              key={day.date}
              className={styles.day}
              data-trading={day.trading}
              aria-current={day.date === data.today ? 'date' : undefined}
              data-testid={`day-${day.date}`}
            >
              <span className={styles.dayHead}>
                <span>{text.calendar.weekdays[day.weekday]}</span>
                <span className="num">{displayDate(day.date)}</span>
              </span>
              {day.date === data.today && <span className={styles.dayToday}>{text.calendar.today}</span>}
              {statusOf(day) && <span className={styles.dayStatus}>{statusOf(day)}</span>}
              {day.expiries.map((expiry) => (
                <span key={expiry} className={styles.expiry}>
                  {text.calendar.expiry}: {expiry}
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
