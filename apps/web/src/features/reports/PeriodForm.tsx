import { checkReportDay, checkReportPeriod, isRejection, reportDayText, reportToday, reportsText } from '@kite/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DatePicker } from '../../components/inputs/index.ts';
import styles from './reports.module.css';

const text = reportsText.range;

/** From and To pickers checked by the server's own rule (from <= to, not in the future, one year at most). */
export function PeriodForm({
  initialFrom,
  onShow,
}: {
  initialFrom: (today: number) => number;
  onShow: (period: { from: string; to: string }) => void;
}) {
  const today = reportToday(Date.now());
  const [from, setFrom] = useState(reportDayText(initialFrom(today)));
  const [to, setTo] = useState(reportDayText(today));
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
export function DayForm({ label, onShow }: { label: string; onShow: (day: string) => void }) {
  const [day, setDay] = useState(reportDayText(reportToday(Date.now())));
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
