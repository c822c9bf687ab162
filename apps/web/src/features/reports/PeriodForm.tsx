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

/** Show with the period already shown asks for it again (trades may have come since); another period is asked anew. */
export function samePeriod(a: PeriodText, b: PeriodText): boolean {
  return a.from === b.from && a.to === b.to;
}

/** From and To pickers checked by the server's own rule (from <= to, not in the future, one year at most). */
export function PeriodForm({ initial, onShow }: { initial: PeriodText; onShow: (period: PeriodText) => void }) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReportPeriod(from, to, reportToday(Date.now()));
    if (isRejection(checked)) return setProblem(checked.message.replace(/^Invalid request: /, ''));
    setProblem('');
    onShow({ from, to });
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
export function DayForm({ label, initial, onShow }: { label: string; initial: string; onShow: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkReportDay(day, reportToday(Date.now()));
    if (isRejection(checked)) return setProblem(checked.message.replace(/^Invalid request: /, ''));
    setProblem('');
    onShow(day);
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
