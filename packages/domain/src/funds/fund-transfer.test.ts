import { describe, expect, it } from 'vitest';
import {
  MAX_PAYIN_PER_DAY_PAISE,
  checkTransferAmount,
  maskBankAccount,
  payOutRunTimeText,
  withdrawablePaise,
} from './fund-transfer.ts';
import { fundsText } from '../messages/funds.ts';

describe('fund transfer rules', () => {
  it('reads rupee amounts into integer paise, lakh commas allowed', () => {
    expect(checkTransferAmount('1', MAX_PAYIN_PER_DAY_PAISE)).toEqual({ ok: true, paise: 100 });
    expect(checkTransferAmount('1,00,000.05', MAX_PAYIN_PER_DAY_PAISE)).toEqual({ ok: true, paise: 10_000_005 });
    expect(checkTransferAmount(' 0.1 ', MAX_PAYIN_PER_DAY_PAISE, 10)).toEqual({ ok: true, paise: 10 });
  });

  it('refuses empty, malformed, too small and too large amounts', () => {
    expect(checkTransferAmount('', 1000)).toEqual({ ok: false, reason: 'required' });
    expect(checkTransferAmount('1.234', 1000)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTransferAmount('-5', 1000)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTransferAmount('1e3', 1000)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTransferAmount('0.99', 1000)).toEqual({ ok: false, reason: 'too-small', limitPaise: 100 });
    expect(checkTransferAmount('10.01', 1000)).toEqual({ ok: false, reason: 'too-large', limitPaise: 1000 });
    expect(checkTransferAmount('100000000.01', MAX_PAYIN_PER_DAY_PAISE).ok).toBe(false);
    expect(checkTransferAmount('100000000', MAX_PAYIN_PER_DAY_PAISE)).toEqual({ ok: true, paise: 10_000_000_000 });
  });

  it('masks all but the last four digits of a bank account', () => {
    expect(maskBankAccount('50100012345678')).toBe('XXXXXXXX5678');
  });

  it('withdraws ledger cash not held by margin, not unsettled, not owed to open losses, never below zero', () => {
    const none = { unsettledCredits: 0, unrealisedLoss: 0 };
    expect(
      withdrawablePaise({ ...none, ledger: 100_000, blocked: 20_000, used: 10_000, unsettledCredits: 5_000 }),
    ).toBe(65_000);
    expect(withdrawablePaise({ ...none, ledger: 100_000, blocked: 0, used: 10_000, unrealisedLoss: 30_000 })).toBe(
      60_000,
    );
    expect(withdrawablePaise({ ...none, ledger: 10_000, blocked: 20_000, used: 0 })).toBe(0);
  });

  it('writes the pay-out run time as the client reads it, and the confirmation says it', () => {
    expect(payOutRunTimeText()).toBe('6:00 PM');
    expect(payOutRunTimeText(9 * 60 + 5)).toBe('9:05 AM');
    expect(payOutRunTimeText(0)).toBe('12:00 AM');
    expect(payOutRunTimeText(12 * 60 + 30)).toBe('12:30 PM');
    expect(fundsText.payOutPlaced('500.00')).toContain('before 6:00 PM on a trading day');
  });
});
