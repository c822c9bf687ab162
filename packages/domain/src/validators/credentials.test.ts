import { describe, expect, it } from 'vitest';
import { checkIndexSelection, checkOtp, checkPan, checkPanTpinYear, checkTextInput, checkTpin } from './credentials.ts';

describe('credential field rules (platform.md 5)', () => {
  it('checks the PAN/TPIN/year field in the spec order', () => {
    expect(checkPanTpinYear('')).toBe('Please enter valid PAN/TPIN/BIRTH YEAR/INCORPORATION YEAR');
    expect(checkPanTpinYear('12345')).toBe('Length of PAN / TPIN should be either 10 or 4 characters');
    expect(checkPanTpinYear('12a4')).toBe('TPIN should contain only digits');
    expect(checkPanTpinYear('1987')).toBeNull();
    expect(checkPanTpinYear('ABCDE1234F')).toBeNull();
  });
  it('checks TPIN and PAN fields', () => {
    expect(checkTpin('')).toBe('Please enter valid TPIN');
    expect(checkTpin('123')).toBe('Length of TPIN should be 4 characters');
    expect(checkTpin('12a4')).toBe('TPIN should contain only digits');
    expect(checkPan('')).toBe('Please enter valid PAN');
    expect(checkPan('ABC')).toBe('Length of PAN should be 10 characters');
  });
  it('checks OTP length per flow', () => {
    expect(checkOtp('1234')).toBeNull();
    expect(checkOtp('123')).toBe('Please enter valid OTP');
    expect(checkOtp('123456', 6)).toBeNull();
    expect(checkOtp('1234', 6)).toBe('Please enter valid OTP');
  });
  it('checks the text-input dialog and index selection', () => {
    expect(checkTextInput('   ')).toBe('Please enter valid input');
    expect(checkTextInput('ok')).toBeNull();
    expect(checkIndexSelection(0)).toBe('Min one indices should be selected');
    expect(checkIndexSelection(4)).toBe('Only three indices can be selected');
    expect(checkIndexSelection(3)).toBeNull();
  });
});
