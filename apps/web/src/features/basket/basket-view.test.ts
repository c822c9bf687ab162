import { describe, expect, it } from 'vitest';
import { tradingText, type BasketLine } from '@kite/domain';
import { exportTable, fileNameOf, initialItemOfLine, symbolOfLine } from './basket-view.ts';
import { toCsv } from '../../lib/export/table-export.ts';

const line: BasketLine = {
  BASKET_SYMBOL_ID: '5',
  DISP_SYM: 'M&M',
  EXCH_ID: 'NSE',
  EXCH_SEG: 'nse_cm',
  BUY_SELL_IND: 'SELL',
  SEGMENT_TYPE: 'INTRADAY',
  LIMIT_PRICE: '0.00',
  QTY: 4,
  DISC_QTY: 0,
  TRIGGER_PRICE: '3000.50',
  DAY_IOC_ORD: 'DAY',
  ORD_TYPE: 'SL-M',
  ASSET_CLASS: 'EQUITY',
  SYMBOL: '1030',
  INST_TYPE: 'STK',
  OPT_TYPE: '',
  STRIKE_PRICE: '',
  EXPIRY_DATE: '',
  TR_EXCH: 'NSE',
  TR_SYMBOL: 'M&M-EQ',
  XSYM: '1030_NSE',
  ISINDP: 'false',
};

describe('basket view helpers', () => {
  it('exports the spec columns and, in log mode, the status and response; CSV quotes what needs it', () => {
    const table = exportTable([line], 'normal');
    expect(table[0]).toEqual([...tradingText.basket.columns]);
    expect(table[1]).toEqual(['1', 'M&M', 'NSE', 'SELL', 'INTRADAY', '0.00', '4', '0', '3000.50', 'DAY', 'SL-M']);
    const log = exportTable(
      [{ ...line, ORDER_STATUS: 'REJECTED', ORDER_RESPONSE: 'Funds short, "RMS"', ORDER_ID: '' }],
      'log',
    );
    expect(log[0]!.slice(-2)).toEqual(['ORDER STATUS', 'ORDER RESPONSE']);
    expect(toCsv(log).split('\r\n')[1]).toBe(
      '1,M&M,NSE,SELL,INTRADAY,0.00,4,0,3000.50,DAY,SL-M,REJECTED,"Funds short, ""RMS"""',
    );
  });

  it('turns a stored line back into the symbol object and the order dialog values', () => {
    expect(symbolOfLine(line)).toMatchObject({
      id: '1030',
      exc: 'NSE',
      exc_seg: 'nse_cm',
      instr: 'STK',
      xSym: '1030_NSE',
      expiry: null,
      optType: null,
    });
    expect(initialItemOfLine(line)).toEqual({
      qty: '4',
      limitPrice: '',
      ordType: 'market',
      prdType: 'INTRADAY',
      ordAction: 'sell',
      ordDuration: 'DAY',
      triggerPrice: '3000.50',
      disQty: '0',
      isinDp: 'false',
    });
  });

  it('names files after the basket, replacing characters file systems refuse', () => {
    expect(fileNameOf('Longs')).toBe('Longs');
    expect(fileNameOf('a/b:c')).toBe('a_b_c');
  });
});
