import {
  acceptsTyping,
  normalizeNumeric,
  numericRules,
  stepForTick,
  stepNumeric,
  type NumericInputRules,
} from '@kite/domain';
import { useId, useMemo, type KeyboardEvent } from 'react';
import styles from './numeric-input.module.css';

export interface NumericInputProps {
  /** The value as a decimal string; never a float. */
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** Show the label above the field; otherwise it is only the accessible name. */
  showLabel?: boolean;
  /** Integer-only blocks the decimal point (quantities). */
  integerOnly?: boolean;
  decimals?: number;
  min?: string;
  max?: string;
  allowNegative?: boolean;
  /** Increment of the arrows and buttons (default 1). */
  step?: string;
  /** An instrument's tick size: steps by it, and by 0.01 when it is 0 (trading.md 5.6). Wins over `step`. */
  tickSize?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
}

/** The plus/minus numeric input (platform.md 5, trading.md 5.6); its rules live in @kite/domain. */
export function NumericInput({
  value,
  onChange,
  label,
  showLabel = false,
  integerOnly = false,
  decimals,
  min,
  max,
  allowNegative,
  step,
  tickSize,
  disabled = false,
  id,
  name,
}: NumericInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const rules: NumericInputRules = useMemo(() => {
    const partial: Partial<NumericInputRules> = {};
    if (integerOnly) partial.decimals = 0;
    else if (decimals !== undefined) partial.decimals = decimals;
    if (min !== undefined) partial.min = min;
    if (max !== undefined) partial.max = max;
    if (allowNegative !== undefined) partial.allowNegative = allowNegative;
    if (tickSize !== undefined) partial.step = stepForTick(tickSize);
    else if (step !== undefined) partial.step = step;
    return numericRules(partial);
  }, [integerOnly, decimals, min, max, allowNegative, step, tickSize]);

  const nudge = (direction: 1 | -1) => onChange(stepNumeric(value, direction, rules));

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      nudge(event.key === 'ArrowUp' ? 1 : -1);
    }
  };

  return (
    <div className={styles.field}>
      {showLabel && (
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
      )}
      <div className={styles.control}>
        <button
          type="button"
          className={styles.stepper}
          aria-label={`Decrease ${label}`}
          tabIndex={-1}
          disabled={disabled}
          onClick={() => nudge(-1)}
        >
          −
        </button>
        <input
          id={inputId}
          name={name}
          className={styles.input}
          type="text"
          inputMode={rules.decimals === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          aria-label={showLabel ? undefined : label}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            const next = event.currentTarget.value;
            // Keystrokes that would break a rule are simply not taken.
            if (acceptsTyping(next, rules)) onChange(next);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            const settled = normalizeNumeric(value, rules);
            if (settled !== value) onChange(settled);
          }}
          // platform.md 5: paste is blocked.
          onPaste={(event) => event.preventDefault()}
          onDrop={(event) => event.preventDefault()}
        />
        <button
          type="button"
          className={styles.stepper}
          aria-label={`Increase ${label}`}
          tabIndex={-1}
          disabled={disabled}
          onClick={() => nudge(1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
