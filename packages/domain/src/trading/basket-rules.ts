import { tradingText } from '../messages/trading.ts';
import { platformText } from '../messages/platform.ts';
import { checkTextInput } from '../validators/credentials.ts';

/** trading.md 5.5, 9 */
export const BASKET_RENAME_MAX = 10;
export const BASKET_CREATE_MAX = 200;

/** Rename uses the shared name validator (blank, over 10 characters or '#' refused). */
export function checkBasketRename(name: string): string | null {
  return checkTextInput(name);
}

/**
 * The create dialog has no check in the spec beyond its 200 characters; a blank name is still refused here because a
 * basket needs a name to be chosen from the dropdown.
 */
export function checkBasketCreateName(name: string): string | null {
  if (name.trim().length === 0 || name.length > BASKET_CREATE_MAX) return platformText.invalidInput;
  return null;
}

export function checkExecuteBasket(basketCount: number, lineCount: number): string | null {
  if (basketCount === 0) return tradingText.basket.noBaskets;
  if (lineCount === 0) return tradingText.basket.noSymbols;
  return null;
}

/** trading.md 8: one symbol or several. */
export function basketSymbolsDeletedText(count: number): string {
  return count === 1 ? tradingText.basket.symbolDeleted : tradingText.basket.symbolsDeleted;
}
