import { investingText, type Abilities } from '@kite/domain';
import { SearchIcon } from '../../components/icons/icons.tsx';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { SymbolSearch } from '../search/SymbolSearch.tsx';
import { ToolPopover, type ToolPopoverProps } from './ToolPopover.tsx';
import styles from './charts.module.css';

const text = investingText.charts;

/** A tool whose panel is the symbol search (the symbol button and Compare); a choice closes it. */
export function SymbolSearchTool({
  abilities,
  label,
  button,
  initiallyOpen = false,
  onChoose,
}: {
  abilities: Abilities;
  label: string;
  button: ToolPopoverProps['button'];
  initiallyOpen?: boolean;
  onChoose: (scrip: ScripRef) => void;
}) {
  return (
    <ToolPopover
      initiallyOpen={initiallyOpen}
      button={button}
      panel={(close) => (
        <div className={styles.searchPopover} role="dialog" aria-label={label}>
          <SymbolSearch
            context="chart"
            abilities={abilities}
            autoFocus
            onChoose={(scrip) => {
              close();
              onChoose(scrip);
            }}
          />
        </div>
      )}
    />
  );
}

/** The symbol button: shows the chart's symbol; pressed, the symbol search opens under it (pressed again, it closes). */
export function SymbolPicker({
  name,
  exchange,
  abilities,
  initiallyOpen = false,
  onChoose,
}: {
  name: string | null;
  exchange: string | null;
  abilities: Abilities;
  initiallyOpen?: boolean;
  onChoose: (scrip: ScripRef) => void;
}) {
  return (
    <SymbolSearchTool
      abilities={abilities}
      label={text.search}
      initiallyOpen={initiallyOpen}
      onChoose={onChoose}
      button={{
        className: styles.symbolButton,
        'aria-label': name ? text.changeSymbol(name) : text.search,
        title: text.search,
        children: (
          <>
            <SearchIcon />
            {name && <span className={styles.symbolName}>{name}</span>}
            {exchange && <span className={styles.exchange}>{exchange}</span>}
          </>
        ),
      }}
    />
  );
}
