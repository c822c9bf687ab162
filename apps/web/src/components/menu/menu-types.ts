import type { ReactNode } from 'react';

export interface MenuItem {
  kind: 'item';
  id: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Marks a link that leaves the platform (shown with an external-link sign). */
  external?: boolean;
  /** Shown at the right of the label (e.g. the current theme). */
  hint?: ReactNode;
}

export interface MenuCheckItem {
  kind: 'check';
  id: string;
  label: string;
  checked: boolean;
  onToggle: (next: boolean) => void;
  disabled?: boolean;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  disabled?: boolean;
  items: readonly (MenuItem | MenuCheckItem)[];
}

export interface MenuSeparator {
  kind: 'separator';
  id: string;
}

export type MenuEntry = MenuItem | MenuCheckItem | MenuGroup | MenuSeparator;
