import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { Button } from '../button/Button.tsx';
import { earliestPickable, formatDdMmYyyy, istTodayAsLocalDate, parseDdMmYyyy, startOfDay } from './date-format.ts';
import styles from './date-picker.module.css';
import { placePopup, type PopupPlacement } from './popup-placement.ts';

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
  /** The earliest day that may be picked, dd/mm/yyyy; seven years back by default (platform.md 9). */
  earliest?: string;
  /** false when the form shows the label itself, as a <label htmlFor={id}>; the label still names the popup. */
  showLabel?: boolean;
  /** The text field's id, for a form that refers to it; one of the picker's own by default. */
  id?: string;
  /** The id of the error line that describes the field while it is invalid. */
  errorId?: string;
  invalid?: boolean;
}

/** The date picker popup (platform.md 5, 9): dd/mm/yyyy, earliest seven years back, CANCEL and OK. */
export function DatePicker({
  value,
  onChange,
  label,
  allowFuture = false,
  today: todayProp,
  disabled = false,
  earliest: earliestText,
  showLabel = true,
  id,
  errorId,
  invalid = false,
}: DatePickerProps) {
  const today = startOfDay(todayProp ?? istTodayAsLocalDate());
  const earliest = (earliestText ? parseDdMmYyyy(earliestText) : null) ?? earliestPickable(today);
  const latest = allowFuture ? undefined : today;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Date | undefined>(undefined);
  const [placement, setPlacement] = useState<PopupPlacement | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const ownId = useId();
  const inputId = id ?? ownId;
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

  // The popup is fixed to the window, not to the page: a scrolling page (the shell's main area) would clip it under
  // the footer. It opens below the field, or above when there is no room below, and stays inside the window.
  useLayoutEffect(() => {
    if (!open) {
      setPlacement(null);
      return;
    }
    const place = () => {
      if (!field.current || !popup.current) return;
      const box = popup.current.getBoundingClientRect();
      const size = { width: popup.current.offsetWidth || box.width, height: popup.current.offsetHeight || box.height };
      setPlacement(
        placePopup(field.current.getBoundingClientRect(), size, {
          width: window.innerWidth,
          height: window.innerHeight,
        }),
      );
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  const shown = parseDdMmYyyy(value) ?? today;
  return (
    <div className={styles.wrapper} ref={wrapper}>
      {showLabel && (
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
      )}
      <div className={styles.field} ref={field}>
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
          aria-invalid={invalid || undefined}
          aria-describedby={invalid && errorId ? errorId : undefined}
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
          ref={popup}
          className={styles.popup}
          style={placement ? { top: placement.top, left: placement.left } : { visibility: 'hidden' }}
          data-side={placement?.side}
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
            // Required: a click on the selected day keeps it selected instead of clearing the choice.
            required
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
