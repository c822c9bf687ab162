import { describe, expect, it } from 'vitest';
import {
  cdslSecurityDetails,
  checkExchangePledge,
  checkPledgeQuantity,
  checkUnpledgeQuantity,
  collateralAfterHaircut,
  exchangeSegmentCode,
  maskPhone,
  nsdlPollOutcome,
  nsdlSecurityDetails,
  pledgeRequestReference,
  sharesOfNsdlQuantity,
} from './pledge-rules.ts';

const line = (freeQty: number, segments: [string, number][], selected = true) => ({
  symbol: 'TCS',
  freeQty,
  selected,
  segments: segments.map(([name, quantity]) => ({ name, quantity })),
});

describe('exchange pledge rules (investing.md 5 "Exchange pledge")', () => {
  it('asks for a symbol when none is selected', () => {
    expect(checkExchangePledge([])).toBe('Please select symbol to proceed further');
    expect(checkExchangePledge([line(10, [['CM', 5]], false)])).toBe('Please select symbol to proceed further');
  });
  it('refuses a selected symbol whose segment total is 0', () => {
    expect(
      checkExchangePledge([
        line(10, [
          ['CM', 0],
          ['FO', 0],
        ]),
      ]),
    ).toBe('Quantity can not be 0');
  });
  it('refuses a total above the free quantity, naming both', () => {
    expect(
      checkExchangePledge([
        line(10, [
          ['CM', 6],
          ['FO', 5],
        ]),
      ]),
    ).toBe('Your total qty is 11 qty can not be greater than 10');
  });
  it('passes totals up to the free quantity, only checking selected rows', () => {
    expect(
      checkExchangePledge([
        line(10, [
          ['CM', 6],
          ['FO', 4],
        ]),
        line(1, [['CM', 99]], false),
      ]),
    ).toBeNull();
  });
  it('maps segments as the spec says and nothing else', () => {
    expect(['NSE', 'BSE', 'NFO', 'CDS', 'ALL', 'cm', 'MCX'].map(exchangeSegmentCode)).toEqual([
      'CM',
      'CM',
      'FO',
      'CDS',
      'ALL',
      'CM',
      null,
    ]);
  });
});

describe('depository pledge rules (investing.md 5 "Depository pledge", 9)', () => {
  it('checks a pledge quantity against the to-be-pledged quantity', () => {
    expect(checkPledgeQuantity(0, 10)).toBe('Quantity can not be 0');
    expect(checkPledgeQuantity(11, 10)).toBe('Quantity can not be greater than to be Pledge');
    expect(checkPledgeQuantity(1.5, 10)).toBe('Quantity can not be 0');
    expect(checkPledgeQuantity(10, 10)).toBeNull();
  });
  it('checks an unpledge quantity against the pledged quantity', () => {
    expect(checkUnpledgeQuantity(0, 5)).toBe('Quantity can not be 0');
    expect(checkUnpledgeQuantity(6, 5)).toBe('Req qty can not be greater than 5');
    expect(checkUnpledgeQuantity(5, 5)).toBeNull();
  });
  it('builds the NSDL and CDSL security details', () => {
    const securities = [
      { symbol: 'TCS', isin: 'INE467B01029', isinName: 'TATA CONSULTANCY', quantity: 3 },
      { symbol: 'ITC', isin: 'INE154A01025', isinName: 'ITC LTD', quantity: 12 },
    ];
    expect(nsdlSecurityDetails('7001', securities)).toEqual([
      {
        seqNo: '70011',
        isin: 'INE467B01029',
        isinName: 'TATA CONSULTANCY',
        quantity: '3000',
        lockInReasonCode: '',
        lockInReleaseDate: '',
      },
      {
        seqNo: '70012',
        isin: 'INE154A01025',
        isinName: 'ITC LTD',
        quantity: '12000',
        lockInReasonCode: '',
        lockInReleaseDate: '',
      },
    ]);
    expect(cdslSecurityDetails(securities)[1]).toEqual({
      symbol: 'ITC',
      isin: 'INE154A01025',
      value: '10',
      quantity: '12',
    });
    expect(pledgeRequestReference('W', '7001')).toBe('W7001');
    expect(sharesOfNsdlQuantity('12000')).toBe(12);
    expect(sharesOfNsdlQuantity('12500')).toBeNull();
    expect(sharesOfNsdlQuantity('0')).toBeNull();
  });
  it('reads an NSDL status reply as the spec says', () => {
    expect(nsdlPollOutcome('W7001', 'W7001')).toBe('success');
    expect(nsdlPollOutcome('UNAUTHORISED', 'W7001')).toBe('unauthorised');
    expect(nsdlPollOutcome('FAILED', 'W7001')).toBe('failed');
    expect(nsdlPollOutcome('NOT_FOUND', 'W7001')).toBe('waiting');
    expect(nsdlPollOutcome('', '')).toBe('waiting');
    expect(nsdlPollOutcome('W7002', 'W7001')).toBe('waiting');
  });
  it('hides the first 5 characters of a phone', () => {
    expect(maskPhone('9876543210')).toBe('*****43210');
    expect(maskPhone('123')).toBe('***');
  });
});

describe('collateral margin of pledged shares', () => {
  it('takes the 20% haircut off the value, in whole paise', () => {
    expect(collateralAfterHaircut(10, 123_45)).toBe(98_760);
    expect(collateralAfterHaircut(3, 1)).toBe(2);
    expect(collateralAfterHaircut(0, 500_00)).toBe(0);
  });
});
