import { canTradeExchange, type Abilities, type SymbolObject } from '@kite/domain';

/** Spreads need the spread permission on top of F&O (trading.md 6; instrument codes containing SPR, trading.md 3). */
function isSpread(sym: SymbolObject): boolean {
  return sym.instr.includes('SPR');
}

/** Whether the client's segments allow buying or selling this scrip (trading.md 5.3, 6). */
export function mayTrade(sym: SymbolObject, abilities: Abilities): boolean {
  if (!canTradeExchange(abilities, sym.exc)) return false;
  return isSpread(sym) ? abilities.spread : true;
}

/** Commodity and currency scrips cannot open charts or symbol details (trading.md 5.3). */
export function opensDetails(sym: SymbolObject): boolean {
  return sym.exc !== 'CDS' && sym.exc !== 'MCX' && sym.exc !== 'NCDEX';
}
