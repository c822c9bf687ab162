import { checkReportDay, checkReportPeriod, isRejection, reportDayText, reportToday, reportsText } from '@kite/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DatePicker } from '../../components/inputs/index.ts';
import type { PeriodText } from './api/report-calls.ts';
import styles from './reports.module.css';

const text = reportsText.range;

/** Today in IST, as the pickers write a day. */
export function todayText(): string {
  return reportDayText(reportToday(Date.now()));
}

/** What a dated report shows as it opens, before the client picks another period: the last 30 days to today. */
export function openingPeriod(): PeriodText {
  const today = reportToday(Date.now());
  return { from: reportDayText(today - 30), to: reportDayText(today) };
}

/**
 * What the forms' Show does with the report shown: another period or day is asked for (onShow); the one already shown
 * is asked for again (onShowAgain), since trades may have come since.
 */
interface ShowProps<T> {
  shown: T;
  onShow: (next: T) => void;
  onShowAgain: () => void;
}

/** From and To pickers checked by the server's own rule (from <= to, not in the future, one year at most). */
export function PeriodForm({ shown, onShow, onShowAgain }: ShowProps<PeriodText>) {
  const [from, setFrom] = useState(shown.from);
  const [to, setTo] = useState(shown.to);
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReportPeriod(from, to, reportToday(Date.now()));
    if (isRejection(checked)) return setProblem(checked.message.replace(/^Invalid request: /, ''));
    setProblem('');
    if (from === shown.from && to === shown.to) onShowAgain();
    else onShow({ from, to });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <DatePicker label={text.from} value={from} onChange={setFrom} />
      <DatePicker label={text.to} value={to} onChange={setTo} />
      <Button type="submit" variant="primary" size="small">
        {text.show}
      </Button>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </form>
  );
}

/** One trading day, checked the same way (a real date, not in the future). */
export function DayForm({ label, shown, onShow, onShowAgain }: ShowProps<string> & { label: string }) {
  const [day, setDay] = useState(shown);
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReportDay(day, reportToday(Date.now()));
    if (isRejection(checked)) return setProblem(checked.message.replace(/^Invalid request: /, ''));
    setProblem('');
    if (day === shown) onShowAgain();
    else onShow(day);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <DatePicker label={label} value={day} onChange={setDay} />
      <Button type="submit" variant="primary" size="small">
        {text.show}
      </Button>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </form>
  );
}
