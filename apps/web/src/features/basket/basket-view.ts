import {
  tradingText,
  type BasketItemPayloadInput,
  type BasketLine,
  type BasketLogLine,
  type SymbolObject,
} from '@kite/domain';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import type { BasketItem } from '../order-entry/index.ts';

const text = tradingText.basket;

export type BasketMode = 'normal' | 'log';

/** The symbol object a stored line names (trading.md 3 "Basket line" -> "Symbol object"). */
export function symbolOfLine(line: BasketLine): SymbolObject {
  return {
    id: line.SYMBOL,
    exc: line.EXCH_ID as SymbolObject['exc'],
    exc_seg: line.EXCH_SEG,
    instr: line.INST_TYPE,
    trExc: (line.TR_EXCH || line.EXCH_ID) as SymbolObject['exc'],
    trSymbol: line.TR_SYMBOL,
    xSym: line.XSYM,
    assetClass: line.ASSET_CLASS,
    expiry: line.EXPIRY_DATE || null,
    strike: line.STRIKE_PRICE || null,
    optType: line.OPT_TYPE === 'CE' || line.OPT_TYPE === 'PE' ? line.OPT_TYPE : null,
  };
}

export function scripOfLine(line: BasketLine): ScripRef {
  return {
    sym: symbolOfLine(line),
    displaySym: line.DISP_SYM,
    companyName: line.DISP_SYM,
    streamSym: line.TR_SYMBOL,
    tradable: true,
  };
}

/** The order dialog's starting values when a line is modified. */
export function initialItemOfLine(line: BasketLine): Partial<BasketItem> {
  const market = line.ORD_TYPE === 'MARKET' || line.ORD_TYPE === 'SL-M';
  return {
    qty: String(line.QTY),
    limitPrice: market ? '' : line.LIMIT_PRICE,
    ordType: market ? 'market' : 'limit',
    prdType: line.SEGMENT_TYPE,
    ordAction: line.BUY_SELL_IND === 'BUY' ? 'buy' : 'sell',
    ordDuration: line.DAY_IOC_ORD,
    triggerPrice: line.TRIGGER_PRICE,
    disQty: String(line.DISC_QTY),
    isinDp: line.ISINDP,
  };
}

/** What the order dialog hands over, as the basket item payload of the call (trading.md 3). */
export function payloadOfItem(basketId: string, item: BasketItem): BasketItemPayloadInput {
  return {
    id: basketId,
    sym: item.sym,
    displaySym: item.displaySym,
    qty: item.qty,
    limitPrice: item.limitPrice,
    ordType: item.ordType,
    prdType: item.prdType,
    ordAction: item.ordAction,
    ordDuration: item.ordDuration as 'DAY' | 'IOC',
    triggerPrice: item.triggerPrice,
    disQty: item.disQty,
    isinDp: item.isinDp,
  };
}

/** The visible cells of a line, in the order of the spec's columns (SR.NO first, actions left out). */
export function cellsOf(line: BasketLine, index: number): string[] {
  return [
    String(index + 1),
    line.DISP_SYM,
    line.EXCH_ID,
    line.BUY_SELL_IND,
    line.SEGMENT_TYPE,
    line.LIMIT_PRICE,
    String(line.QTY),
    String(line.DISC_QTY),
    line.TRIGGER_PRICE,
    line.DAY_IOC_ORD,
    line.ORD_TYPE,
  ];
}

function isLogLine(line: BasketLine | BasketLogLine): line is BasketLogLine {
  return 'ORDER_STATUS' in line;
}

/** The table as exported and printed: the header row, then one row per line; the log adds status and response. */
export function exportTable(lines: readonly (BasketLine | BasketLogLine)[], mode: BasketMode): string[][] {
  const header = mode === 'log' ? [...text.columns, text.orderStatus, text.orderResponse] : [...text.columns];
  const rows = lines.map((line, index) => {
    const cells = cellsOf(line, index);
    return mode === 'log' && isLogLine(line) ? [...cells, line.ORDER_STATUS, line.ORDER_RESPONSE] : cells;
  });
  return [header, ...rows];
}

/** A file name from the basket name: characters that file systems refuse become '_'. */
export function fileNameOf(basketName: string): string {
  return basketName.replace(/[\\/:*?"<>|]/g, '_').trim() || 'basket';
}
