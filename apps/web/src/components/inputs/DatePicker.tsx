import { useEffect, useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { Button } from '../button/Button.tsx';
import { earliestPickable, formatDdMmYyyy, istTodayAsLocalDate, parseDdMmYyyy, startOfDay } from './date-format.ts';
import styles from './date-picker.module.css';

export interface DatePickerProps {
  /** dd/mm/yyyy, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** Dates after today are refused unless allowed. */
  allowFuture?: boolean;
  /** The day counted as today; the IST date of the clock by default (tests pass one). */
  today?: Date;
  disabled?: boolean;
}

/** The date picker popup (platform.md 5, 9): dd/mm/yyyy, earliest seven years back, CANCEL and OK. */
export function DatePicker({ value, onChange, label, allowFuture = false, today: todayProp, disabled = false }: DatePickerProps) {
  const today = startOfDay(todayProp ?? istTodayAsLocalDate());
  const earliest = earliestPickable(today);
  const latest = allowFuture ? undefined : today;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Date | undefined>(undefined);
  const wrapper = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const popupId = useId();

  const openPopup = () => {
    setDraft(parseDdMmYyyy(value) ?? undefined);
    setOpen(true);
  };
  const cancel = () => setOpen(false);
  const confirm = () => {
    if (draft) onChange(formatDdMmYyyy(draft));
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const shown = parseDdMmYyyy(value) ?? today;
  return (
    <div className={styles.wrapper} ref={wrapper}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.field}>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          readOnly
          placeholder="dd/mm/yyyy"
          value={value}
          disabled={disabled}
          onClick={() => (open ? cancel() : openPopup())}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
              event.preventDefault();
              openPopup();
            }
          }}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popupId : undefined}
        />
        <button
          type="button"
          className={styles.icon}
          aria-label={`Choose ${label}`}
          disabled={disabled}
          onClick={() => (open ? cancel() : openPopup())}
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" />
            <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" />
          </svg>
        </button>
      </div>
      {open && (
        <div
          id={popupId}
          className={styles.popup}
          role="dialog"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              cancel();
            }
          }}
        >
          <DayPicker
            mode="single"
            autoFocus
            captionLayout="dropdown"
            weekStartsOn={1}
            defaultMonth={draft ?? shown}
            startMonth={earliest}
            {...(latest ? { endMonth: latest } : {})}
            selected={draft}
            onSelect={setDraft}
            disabled={latest ? [{ before: earliest }, { after: latest }] : [{ before: earliest }]}
            className={styles.calendar}
          />
          <div className={styles.actions}>
            <Button size="small" onClick={cancel}>
              CANCEL
            </Button>
            <Button size="small" variant="primary" onClick={confirm} disabled={!draft}>
              OK
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
