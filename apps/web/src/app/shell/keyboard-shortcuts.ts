export interface ShortcutActions {
  navigate: (path: string) => void;
  openOrder: (side: 'BUY' | 'SELL') => void;
  isOrderDialogOpen: () => boolean;
  toggleMarketDepth: () => void;
  isAnyDialogOpen: () => boolean;
  /** Collapses an expanded dashboard, watchlist or footer widget; true when something was collapsed. */
  collapseExpanded: () => boolean;
  currentPath: () => string;
}

const navigationKeys: Record<string, string> = {
  F3: '/home/myorders',
  F4: '/home/watchlist',
  F8: '/home/mytrades',
  F9: '/home/margin',
  F10: '/home/netpositions',
};

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  }
  return false;
}

function orderSide(event: KeyboardEvent): 'BUY' | 'SELL' | null {
  if (event.key === 'F1' || event.key === '+') return 'BUY';
  if (event.key === 'F2' || event.key === '-') return 'SELL';
  return null;
}

/**
 * The keyboard shortcuts of platform.md 2.7 (the shell installs them only while logged in). Navigation and
 * order openers do nothing while any popup is open or while the client is typing in a field.
 */
export function createShortcutHandler(actions: ShortcutActions): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'F6') {
      // Market depth belongs to the order dialog, where the client is usually typing: allowed there.
      if (actions.isOrderDialogOpen()) {
        event.preventDefault();
        actions.toggleMarketDepth();
      }
      return;
    }
    if (event.key === 'Escape') {
      // An open dialog answers Escape itself (its own close); one step per press.
      if (actions.isAnyDialogOpen() || isTyping(event.target)) return;
      if (actions.collapseExpanded()) return;
      if (actions.currentPath() !== '/home/dashboard') actions.navigate('/home/dashboard');
      return;
    }
    const side = orderSide(event);
    const route = navigationKeys[event.key];
    if (side === null && route === undefined) return;
    if (isTyping(event.target)) return;
    // F-keys have browser meanings (help, find, fullscreen menu): claim them even when they do nothing now.
    if (event.key.startsWith('F')) event.preventDefault();
    if (actions.isAnyDialogOpen()) return;
    if (side !== null) {
      event.preventDefault();
      actions.openOrder(side);
    } else if (route !== undefined) {
      actions.navigate(route);
    }
  };
}
