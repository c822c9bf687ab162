import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDownIcon, ExternalIcon } from '../icons/icons.tsx';
import type { MenuCheckItem, MenuEntry, MenuItem } from './menu-types.ts';
import styles from './menu.module.css';

export interface MenuButtonProps {
  /** What the trigger shows; the accessible name is `label` unless the content is text. */
  trigger: ReactNode;
  label: string;
  entries: readonly MenuEntry[];
  align?: 'start' | 'end';
  showChevron?: boolean;
  triggerClassName?: string;
}

const itemSelector = '[role^="menuitem"]:not([disabled])';

/** A button that opens a menu (WAI-ARIA menu button): arrows move, Escape closes, a choice closes the menu. */
export function MenuButton({ trigger, label, entries, align = 'start', showChevron = true, triggerClassName }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>(itemSelector)?.focus();
    const onPointerDown = (event: MouseEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        move(0);
        break;
      case 'End':
        event.preventDefault();
        move(items.length - 1);
        break;
      case 'Escape':
        // The menu answers Escape itself: the shell's Escape shortcut must not also act (platform.md 2.7).
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        break;
    }
  };

  const choose = (item: MenuItem) => {
    close(true);
    item.onSelect();
  };

  const renderItem = (item: MenuItem | MenuCheckItem, groupDisabled: boolean) => {
    const disabled = groupDisabled || item.disabled === true;
    if (item.kind === 'check') {
      return (
        <button
          key={item.id}
          type="button"
          role="menuitemcheckbox"
          aria-checked={item.checked}
          disabled={disabled}
          className={styles.item}
          onClick={() => {
            close(true);
            item.onToggle(!item.checked);
          }}
        >
          <span>{item.label}</span>
          <span className={styles.switch} data-on={item.checked} aria-hidden="true" />
        </button>
      );
    }
    return (
      <button key={item.id} type="button" role="menuitem" disabled={disabled} className={styles.item} onClick={() => choose(item)}>
        <span>{item.label}</span>
        {item.external && <ExternalIcon />}
        {item.hint !== undefined && <span className={styles.hint}>{item.hint}</span>}
      </button>
    );
  };

  return (
    <div ref={wrapRef} className={styles.wrap}>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        className={[styles.trigger, triggerClassName].filter(Boolean).join(' ')}
        data-open={open}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger}
        {showChevron && <ChevronDownIcon />}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={[styles.menu, align === 'end' ? styles.alignEnd : ''].join(' ')}
          onKeyDown={onMenuKeyDown}
        >
          {entries.map((entry) => {
            switch (entry.kind) {
              case 'separator':
                return <div key={entry.id} role="separator" className={styles.separator} />;
              case 'group':
                return (
                  <div key={entry.id} role="group" aria-label={entry.label} className={styles.group}>
                    <div className={styles.groupLabel} aria-hidden="true" data-disabled={entry.disabled === true}>
                      {entry.label}
                    </div>
                    {entry.items.map((item) => renderItem(item, entry.disabled === true))}
                  </div>
                );
              case 'item':
              case 'check':
                return renderItem(entry, false);
              default: {
                const unknown: never = entry;
                throw new Error(`Unknown menu entry ${String(unknown)}`);
              }
            }
          })}
        </div>
      )}
    </div>
  );
}
