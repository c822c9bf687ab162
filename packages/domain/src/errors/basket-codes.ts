import { tradingText } from '../messages/trading.ts';

/** Answer codes of baskets (trading.md 2.8, 4.7, 5.5, 8). Another client's basket answers EGN005, as an unknown one. */
export const basketCodes = {
  BSK001: {
    message: tradingText.basket.noBaskets,
    meaning: 'ExecuteBasket when the client has no basket at all (trading.md 5.5).',
  },
  BSK002: {
    message: tradingText.basket.noSymbols,
    meaning: 'ExecuteBasket on a basket without lines (trading.md 5.5); nothing is placed.',
  },
  BSK003: {
    message: 'Please enter a valid basket name.',
    meaning:
      "AddBasket or RenameBasket with a name the rules refuse (blank, over 200 characters on create, over 10 or with # on rename); the message is the rule's own.",
  },
  BSK004: {
    message: tradingText.basket.duplicateName,
    meaning: 'AddBasket or RenameBasket with the name of another basket of the client (compared case-insensitively).',
  },
  BSK005: {
    message: tradingText.basket.tooManyBaskets,
    meaning: 'AddBasket when the client already has the maximum number of baskets.',
  },
  BSK006: {
    message: tradingText.basket.tooManyLines,
    meaning: 'AddBasketSymbol when the basket already holds the maximum number of lines.',
  },
  BSK007: {
    message: 'Inputs not validated',
    meaning:
      "AddBasketSymbol or ModifyBasketSymbol with a line the order-entry rules refuse (trading.md 5.1); the message is the rule's own. Nothing is stored.",
  },
  BSK008: {
    message: tradingText.basket.spreadNotAllowed,
    meaning: 'A spread, cover or bracket line: basket lines carry no second leg, stop-loss leg or target.',
  },
  BSK009: {
    message: tradingText.basket.noSymbolSelected,
    meaning: 'DeleteBasketSymbols with an empty list, or with ids none of which is a line of this basket.',
  },
} as const satisfies Record<string, { message: string; meaning: string }>;
