import { platformText, type Abilities } from '@kite/domain';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { SymbolSearch } from '../search/SymbolSearch.tsx';
import type { SearchContext } from '../search/search-model.ts';
import styles from './shell-dialogs.module.css';

export interface SelectScripOptions {
  abilities: Abilities;
  /** What the choice is for: it decides which rows can be chosen (trading.md 2.7). */
  context: SearchContext;
  /** The dialog's title: 'Select Scrip' unless the screen names its purpose (Add Scrips, Add to basket). */
  title?: string;
}

/**
 * The shared Select Scrip dialog (platform.md 2.8): the symbol search, inline, in a dialog; resolves with the chosen
 * scrip, or undefined when it is closed without one.
 */
export function openSelectScripDialog({ abilities, context, title = platformText.selectScripTitle }: SelectScripOptions) {
  return openDialog<ScripRef>(
    (close) => (
      <Dialog title={title} size="large" onDismiss={() => close()}>
        <div className={styles.selectScrip}>
          <SymbolSearch context={context} abilities={abilities} layout="inline" autoFocus onChoose={(scrip) => close(scrip)} />
        </div>
      </Dialog>
    ),
    'select-scrip',
  );
}
