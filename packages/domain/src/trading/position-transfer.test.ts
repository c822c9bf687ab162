import { describe, expect, it } from 'vitest';
import {
  checkTransferNonPoa,
  checkTransferQuantity,
  isTransferOffered,
  transferAction,
  transferTarget,
} from './position-transfer.ts';

describe('trading.md 4.8 transfer target', () => {
  it('equity: INTRADAY and SHORTSELL to CASH; CASH and MARGIN to INTRADAY', () => {
    expect(transferTarget('INTRADAY', 'STK', 'NSE')).toBe('CASH');
    expect(transferTarget('SHORTSELL', 'STK', 'NSE')).toBe('CASH');
    expect(transferTarget('CASH', 'STK', 'BSE')).toBe('INTRADAY');
    expect(transferTarget('MARGIN', 'STK', 'NSE')).toBe('INTRADAY');
  });
  it('other segments: INTRADAY to CARRY FORWARD, anything else to INTRADAY', () => {
    expect(transferTarget('INTRADAY', 'FUTIDX', 'NFO')).toBe('CARRY FORWARD');
    expect(transferTarget('CARRY FORWARD', 'FUTCOM', 'MCX')).toBe('INTRADAY');
    expect(transferTarget('L', 'FUTCUR', 'CDS')).toBe('INTRADAY');
  });
  it('never for CO, BO or spreads', () => {
    expect(transferTarget('CO', 'STK', 'NSE')).toBeNull();
    expect(transferTarget('BO', 'STK', 'NSE')).toBeNull();
    expect(transferTarget('SP', 'FUTIDXSPR', 'NFO')).toBeNull();
  });
});

describe('trading.md 5.4 when transfer is offered', () => {
  const position = { prdType: 'INTRADAY', netQty: '10', isTransfer: true, instr: 'STK' };
  it('offered for an intraday position with a net quantity', () => {
    expect(isTransferOffered(position)).toBe(true);
    expect(isTransferOffered({ ...position, isTransfer: null })).toBe(true);
  });
  it('not when isTransfer is false, the product is missing, CO or BO, or the net quantity is 0 or not a number', () => {
    expect(isTransferOffered({ ...position, isTransfer: false })).toBe(false);
    expect(isTransferOffered({ ...position, isTransfer: 'false' })).toBe(false);
    expect(isTransferOffered({ ...position, prdType: '' })).toBe(false);
    expect(isTransferOffered({ ...position, prdType: 'CO' })).toBe(false);
    expect(isTransferOffered({ ...position, prdType: 'BO' })).toBe(false);
    expect(isTransferOffered({ ...position, netQty: '0' })).toBe(false);
    expect(isTransferOffered({ ...position, netQty: 'NaN' })).toBe(false);
  });
  it('not for currency options', () => {
    expect(isTransferOffered({ ...position, instr: 'OPTCUR' })).toBe(false);
  });
  it('the action: buy unless the net quantity has a minus sign', () => {
    expect(transferAction('130')).toBe('buy');
    expect(transferAction('-130')).toBe('sell');
  });
});

describe('trading.md 5.4 transfer quantity messages', () => {
  it('below the lot size (65): Quantity should be greater than 0', () => {
    expect(checkTransferQuantity('0', '130', 65, 'NFO')).toBe('Quantity should be greater than 0');
    expect(checkTransferQuantity('64', '130', 65, 'NFO')).toBe('Quantity should be greater than 0');
    expect(checkTransferQuantity('', '130', 65, 'NFO')).toBe('Quantity should be greater than 0');
  });
  it('not a multiple of the lot', () => {
    expect(checkTransferQuantity('100', '130', 65, 'NFO')).toBe('Quantity should be multiple of 65');
  });
  it('above the net quantity (a short position counts by its size)', () => {
    expect(checkTransferQuantity('195', '-130', 65, 'NFO')).toBe('Quantity should be lesser than 130');
  });
  it('valid transfers', () => {
    expect(checkTransferQuantity('130', '-130', 65, 'NFO')).toBeNull();
    expect(checkTransferQuantity(5, 10, 1, 'NSE')).toBeNull();
  });
  it('MCX needs at least 1', () => {
    expect(checkTransferQuantity('1', '3', 1, 'MCX')).toBeNull();
    expect(checkTransferQuantity('0', '3', 1, 'MCX')).toBe('Quantity should be greater than 0');
  });
});

describe('trading.md 5.4 non-POA holdings block an intraday or short-sell to cash transfer', () => {
  it('confirmed 0 with non-POA 50: blocked with the product in the message', () => {
    expect(checkTransferNonPoa('INTRADAY', 'CASH', { confNonPoaQty: 0, nonPoaQty: 50 })).toBe(
      'You can not transfer from INTRADAY to Cash due to Non-POA holding stock',
    );
    expect(checkTransferNonPoa('SHORTSELL', 'CASH', { confNonPoaQty: 0, nonPoaQty: 50 })).toBe(
      'You can not transfer from SHORTSELL to Cash due to Non-POA holding stock',
    );
  });
  it('allowed once approved, without non-POA stock, or for other directions', () => {
    expect(checkTransferNonPoa('INTRADAY', 'CASH', { confNonPoaQty: 10, nonPoaQty: 50 })).toBeNull();
    expect(checkTransferNonPoa('INTRADAY', 'CASH', { confNonPoaQty: 0, nonPoaQty: 0 })).toBeNull();
    expect(checkTransferNonPoa('CASH', 'INTRADAY', { confNonPoaQty: 0, nonPoaQty: 50 })).toBeNull();
  });
});
