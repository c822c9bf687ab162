import { describe, expect, it } from 'vitest';
import {
  basketSymbolsDeletedText,
  checkBasketCreateName,
  checkBasketRename,
  checkExecuteBasket,
} from './basket-rules.ts';

describe('trading.md 5.5 baskets', () => {
  it('rename: at most 10 characters through the shared validator', () => {
    expect(checkBasketRename('Monday')).toBeNull();
    expect(checkBasketRename('Monday buys')).toBe('Please enter valid input');
    expect(checkBasketRename('')).toBe('Please enter valid input');
  });
  it('create: up to 200 characters', () => {
    expect(checkBasketCreateName('x'.repeat(200))).toBeNull();
    expect(checkBasketCreateName('x'.repeat(201))).toBe('Please enter valid input');
    expect(checkBasketCreateName('   ')).toBe('Please enter valid input');
  });
  it('execute: no basket, then no symbol (the spec texts)', () => {
    expect(checkExecuteBasket(0, 0)).toBe("You don't have any basket.");
    expect(checkExecuteBasket(2, 0)).toBe("You don't have any symbol.");
    expect(checkExecuteBasket(2, 3)).toBeNull();
  });
  it('delete success text: one or several (the spec spelling "sucessfully")', () => {
    expect(basketSymbolsDeletedText(1)).toBe('Your symbol is deleted sucessfully.');
    expect(basketSymbolsDeletedText(3)).toBe('Your symbols are deleted sucessfully.');
  });
});
