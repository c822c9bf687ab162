import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  disabled?: boolean;
}

export interface TabListProps<T extends string> {
  tabs: readonly TabItem<T>[];
  /** The selected tab; null before one is chosen (none is marked; the first takes the focus). */
  selected: T | null;
  /** A click asks for its tab, the selected one included (a screen may reset on it); arrows only when they move. */
  onSelect: (id: T) => void;
  /** The list's accessible name, or the id of the element naming it. */
  label?: string;
  labelledBy?: string;
  /** The tab panel the tabs control, when it has an id. */
  panelId?: string;
  /** Each tab's element id, for a panel labelled by its tab. */
  tabId?: (id: T) => string;
  className?: string | undefined;
  tabClassName?: string | undefined;
  /** A click keeps the focus where it was (the search field under the symbol search's tabs). */
  keepFocus?: boolean;
}

/**
 * The one tab strip (WAI-ARIA tabs): a tablist of buttons, the selected one in the tab order and the others reached
 * with the arrow keys, Home and End, which select as they move.
 */
export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  labelledBy,
  panelId,
  tabId,
  className,
  tabClassName,
  keepFocus = false,
}: TabListProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const enabled = tabs.filter((tab) => !tab.disabled);
  const focusable = selected !== null && enabled.some((tab) => tab.id === selected) ? selected : enabled[0]?.id;
  const move = (event: KeyboardEvent<HTMLButtonElement>, from: T) => {
    const at = enabled.findIndex((tab) => tab.id === from);
    const next =
      event.key === 'ArrowRight'
        ? enabled[(at + 1) % enabled.length]
        : event.key === 'ArrowLeft'
          ? enabled[(at - 1 + enabled.length) % enabled.length]
          : event.key === 'Home'
            ? enabled[0]
            : event.key === 'End'
              ? enabled[enabled.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    if (next.id !== selected) onSelect(next.id);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div ref={listRef} role="tablist" aria-label={label} aria-labelledby={labelledBy} className={className}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          id={tabId?.(tab.id)}
          data-tab={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          aria-controls={panelId}
          tabIndex={tab.id === focusable ? 0 : -1}
          disabled={tab.disabled}
          className={tabClassName}
          onMouseDown={keepFocus ? (event) => event.preventDefault() : undefined}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => move(event, tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
