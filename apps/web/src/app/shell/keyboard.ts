import { useEffect } from 'react';
import { isAnyDialogOpen } from '../../components/dialog/index.ts';
import { dashboardStore } from '../../features/dashboard/dashboard-store.ts';
import { orderDialog } from '../../features/shell-dialogs/index.ts';
import { createShortcutHandler } from './keyboard-shortcuts.ts';
import type { Navigate } from './session-actions.ts';

/** Installs the shortcuts of platform.md 2.7 while the signed-in shell is shown. */
export function useKeyboardShortcuts(navigate: Navigate): void {
  useEffect(() => {
    const handler = createShortcutHandler({
      navigate: (path) => navigate(path),
      openOrder: (side) => orderDialog().open(side),
      isOrderDialogOpen: () => orderDialog().isOpen(),
      toggleMarketDepth: () => orderDialog().toggleMarketDepth(),
      isAnyDialogOpen,
      collapseExpanded: () => dashboardStore.collapse(),
      currentPath: () => window.location.pathname,
    });
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, [navigate]);
}
