export { MenuButton, type MenuButtonProps } from './MenuButton.tsx';
export type { MenuEntry, MenuItem, MenuCheckItem, MenuGroup, MenuSeparator } from './menu-types.ts';
