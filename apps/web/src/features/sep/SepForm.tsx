import {
  addIsoDays,
  checkSepForm,
  displayDate,
  informationText,
  SEP_MAX_INSTALLMENTS,
  sepExchanges,
  sepFrequencies,
  sepSchedule,
  isoOfDisplayDate,
  parseIsoDay,
  type SepField,
  type SepForm as SepFormValues,
  type SepPlan,
} from '@kite/domain';
import { useId, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { DatePicker } from '../../components/inputs/index.ts';
import { istToday } from '../../components/inputs/date-format.ts';
import { SEP_SCRIPS } from './sep-samples.ts';
import styles from './sep.module.css';

const text = informationText.sep;
const MINIMUM = '500.00';

/** START SEP: scrip, NSE/BSE, frequency, amount ('Minimum Amount (500.00)' ticked by default), installments, dates. */
export function SepForm({ initial, onConfirm }: { initial: SepFormValues | null; onConfirm: (plan: SepPlan) => void }) {
  const ids = { scrip: useId(), amount: useId(), installments: useId(), start: useId(), end: useId(), error: useId() };
  const today = istToday();
  const [form, setForm] = useState<SepFormValues>(
    initial ?? {
      scrip: SEP_SCRIPS[0],
      exchange: 'NSE',
      frequency: 'MONTHLY',
      amount: MINIMUM,
      installments: 12,
      startDate: addIsoDays(today, 1),
    },
  );
  const [minimum, setMinimum] = useState(form.amount === MINIMUM);
  const [error, setError] = useState<{ field: SepField; message: string } | null>(null);
  const change = (patch: Partial<SepFormValues>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };
  const startValid = parseIsoDay(form.startDate) !== null && form.startDate > today;
  const endDate = startValid ? sepSchedule(form.startDate, form.frequency, form.installments).at(-1)! : '';
  const invalid = (field: SepField) =>
    error?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {};
  const errorLine = (field: SepField) =>
    error?.field === field && (
      <p id={ids.error} className={styles.error} role="alert">
        {error.message}
      </p>
    );
  return (
    <section className={styles.card} aria-labelledby="sep-form-heading">
      <h2 id="sep-form-heading" className={styles.heading}>
        {text.start}
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const check = checkSepForm(form, today);
          if (check.ok) onConfirm(check.plan);
          else setError({ field: check.field, message: check.message });
        }}
      >
        <div className={styles.form}>
          <label className={styles.label} htmlFor={ids.scrip}>
            {text.scrip}
          </label>
          <select
            id={ids.scrip}
            className={styles.control}
            value={form.scrip}
            onChange={(e) => change({ scrip: e.target.value })}
            {...invalid('scrip')}
          >
            {SEP_SCRIPS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {errorLine('scrip')}
          <span className={styles.label}>{text.exchange}</span>
          <div className={styles.switch} role="radiogroup" aria-label={text.exchange}>
            {sepExchanges.map((e) => (
              <button
                key={e}
                type="button"
                role="radio"
                aria-checked={form.exchange === e}
                className={styles.switchButton}
                onClick={() => change({ exchange: e })}
              >
                {e}
              </button>
            ))}
          </div>
          <span className={styles.label}>{text.frequency}</span>
          <div className={styles.switch} role="radiogroup" aria-label={text.frequency}>
            {sepFrequencies.map((f) => (
              <button
                key={f}
                type="button"
                role="radio"
                aria-checked={form.frequency === f}
                className={styles.switchButton}
                onClick={() => change({ frequency: f })}
              >
                {text.frequencies[f]}
              </button>
            ))}
          </div>
          <label className={styles.label} htmlFor={ids.amount}>
            {text.amount}
          </label>
          <div className={styles.amount}>
            <input
              id={ids.amount}
              className={`${styles.control} num`}
              inputMode="decimal"
              autoComplete="off"
              value={form.amount}
              disabled={minimum}
              onChange={(e) => change({ amount: e.target.value })}
              {...invalid('amount')}
            />
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={minimum}
                onChange={(e) => {
                  setMinimum(e.target.checked);
                  if (e.target.checked) change({ amount: MINIMUM });
                }}
              />
              {text.minimumAmount}
            </label>
          </div>
          {errorLine('amount')}
          <label className={styles.label} htmlFor={ids.installments}>
            {text.installments}
          </label>
          <select
            id={ids.installments}
            className={styles.control}
            value={form.installments}
            onChange={(e) => change({ installments: Number(e.target.value) })}
            {...invalid('installments')}
          >
            {Array.from({ length: SEP_MAX_INSTALLMENTS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          {errorLine('installments')}
          <label className={styles.label} htmlFor={ids.start}>
            {text.startDate}
          </label>
          <DatePicker
            id={ids.start}
            label={text.startDate}
            showLabel={false}
            allowFuture
            earliest={displayDate(addIsoDays(today, 1))}
            value={displayDate(form.startDate)}
            onChange={(picked) => change({ startDate: isoOfDisplayDate(picked) ?? '' })}
            invalid={error?.field === 'startDate'}
            errorId={ids.error}
          />
          {errorLine('startDate')}
          <label className={styles.label} htmlFor={ids.end}>
            {text.endDate}
          </label>
          <input id={ids.end} className={styles.control} readOnly value={endDate ? displayDate(endDate) : ''} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary">
            {text.confirmOrder}
          </Button>
        </div>
      </form>
    </section>
  );
}
