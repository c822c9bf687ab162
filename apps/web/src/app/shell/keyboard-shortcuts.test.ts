import { describe, expect, it, vi } from 'vitest';
import { createShortcutHandler, type ShortcutActions } from './keyboard-shortcuts.ts';

function setup(overrides: Partial<ShortcutActions> = {}) {
  const actions: ShortcutActions = {
    navigate: vi.fn(),
    openOrder: vi.fn(),
    isOrderDialogOpen: () => false,
    toggleMarketDepth: vi.fn(),
    isAnyDialogOpen: () => false,
    collapseExpanded: () => false,
    currentPath: () => '/home/watchlist',
    ...overrides,
  };
  const handler = createShortcutHandler(actions);
  const press = (key: string, target: EventTarget = document.body) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'target', { value: target });
    handler(event);
    return event;
  };
  return { actions, press };
}

describe('keyboard shortcuts (platform.md 2.7)', () => {
  it('opens BUY on F1 and +, SELL on F2 and -', () => {
    const { actions, press } = setup();
    press('F1');
    press('+');
    press('F2');
    press('-');
    expect(vi.mocked(actions.openOrder).mock.calls).toEqual([['BUY'], ['BUY'], ['SELL'], ['SELL']]);
  });

  it('navigates with F3, F4, F8, F9 and F10 and claims the key from the browser', () => {
    const { actions, press } = setup();
    const event = press('F3');
    for (const key of ['F4', 'F8', 'F9', 'F10']) press(key);
    expect(event.defaultPrevented).toBe(true);
    expect(vi.mocked(actions.navigate).mock.calls.map(([path]) => path)).toEqual([
      '/home/myorders',
      '/home/watchlist',
      '/home/mytrades',
      '/home/margin',
      '/home/netpositions',
    ]);
  });

  it('does nothing for navigation and order keys while a popup is open', () => {
    const { actions, press } = setup({ isAnyDialogOpen: () => true });
    for (const key of ['F1', '+', 'F2', '-', 'F3', 'F4', 'F8', 'F9', 'F10', 'Escape']) press(key);
    expect(actions.openOrder).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('ignores + and - and the F-keys while the client types in a field', () => {
    const { actions, press } = setup();
    const input = document.createElement('input');
    for (const key of ['+', '-', 'F1', 'F3']) press(key, input);
    expect(actions.openOrder).not.toHaveBeenCalled();
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('toggles market depth with F6 only while the order dialog is open, even from its fields', () => {
    const closed = setup();
    closed.press('F6');
    expect(closed.actions.toggleMarketDepth).not.toHaveBeenCalled();
    const open = setup({ isOrderDialogOpen: () => true, isAnyDialogOpen: () => true });
    open.press('F6', document.createElement('input'));
    expect(open.actions.toggleMarketDepth).toHaveBeenCalledTimes(1);
  });

  it('Escape collapses an expanded widget first, then goes to the dashboard', () => {
    let expanded = true;
    const { actions, press } = setup({
      collapseExpanded: () => {
        const was = expanded;
        expanded = false;
        return was;
      },
    });
    press('Escape');
    expect(actions.navigate).not.toHaveBeenCalled();
    press('Escape');
    expect(actions.navigate).toHaveBeenCalledWith('/home/dashboard');
  });

  it('Escape on the dashboard itself goes nowhere', () => {
    const { actions, press } = setup({ currentPath: () => '/home/dashboard' });
    press('Escape');
    expect(actions.navigate).not.toHaveBeenCalled();
  });

  it('leaves keys with Ctrl, Alt or Meta to the browser', () => {
    const { actions, press } = setup();
    const handler = createShortcutHandler(actions);
    handler(new KeyboardEvent('keydown', { key: 'F3', ctrlKey: true }));
    press('a');
    expect(actions.navigate).not.toHaveBeenCalled();
  });
});
