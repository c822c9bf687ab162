import { useEffect, useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import styles from './charts.module.css';

export interface ToolPopoverProps {
  /** The button's look, name and content; the popover makes it toggle the panel. */
  button: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'aria-expanded'>;
  /** What opens under the button; `close` shuts it (after a choice). */
  panel: (close: () => void) => ReactNode;
  initiallyOpen?: boolean;
}

/**
 * A toolbar button with a panel under it (the symbol search, Compare, Studies): pressed again, a click outside or
 * Escape closes it. It answers Escape itself so the shell's Escape shortcut (platform.md 2.7) does not also act.
 */
export function ToolPopover({ button, panel, initiallyOpen = false }: ToolPopoverProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const anchorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
  };
  return (
    <div ref={anchorRef} className={styles.anchor} onKeyDown={onKeyDown}>
      <button type="button" {...button} aria-expanded={open} onClick={() => setOpen((value) => !value)} />
      {open && panel(() => setOpen(false))}
    </div>
  );
}
