import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabList, type TabItem } from './TabList.tsx';

type Id = 'eq' | 'fno' | 'cur';
const tabs: TabItem<Id>[] = [
  { id: 'eq', label: 'Equity' },
  { id: 'fno', label: 'FnO', disabled: true },
  { id: 'cur', label: 'Currency' },
];

function Strip({ onSelect }: { onSelect: (id: Id) => void }) {
  const [selected, setSelected] = useState<Id>('eq');
  return (
    <TabList
      tabs={tabs}
      selected={selected}
      onSelect={(id) => (setSelected(id), onSelect(id))}
      label="Segments"
      panelId="panel"
      tabId={(id) => `tab-${id}`}
    />
  );
}

describe('TabList', () => {
  it('marks the selected tab, puts only it in the tab order and names the panel it controls', () => {
    render(<Strip onSelect={() => undefined} />);
    const list = screen.getByRole('tablist', { name: 'Segments' });
    const equity = screen.getByRole('tab', { name: 'Equity' });
    expect(list.contains(equity)).toBe(true);
    expect(equity.getAttribute('aria-selected')).toBe('true');
    expect(equity.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Currency' }).tabIndex).toBe(-1);
    expect(equity.getAttribute('aria-controls')).toBe('panel');
    expect(equity.id).toBe('tab-eq');
  });

  it('asks for the clicked tab, the selected one too, and never a disabled one', async () => {
    const onSelect = vi.fn();
    render(<Strip onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('tab', { name: 'FnO' }));
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Currency' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Currency' }));
    expect(onSelect.mock.calls).toEqual([['cur'], ['cur']]);
  });

  it('moves and selects with the arrow keys, Home and End, skipping disabled tabs and wrapping', async () => {
    const onSelect = vi.fn();
    render(<Strip onSelect={onSelect} />);
    screen.getByRole('tab', { name: 'Equity' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Currency');
    expect(onSelect).toHaveBeenLastCalledWith('cur');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Equity');
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Currency');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Equity');
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual(['cur', 'eq', 'cur', 'eq']);
  });
});
