import { platformText } from '../messages/platform.ts';

/** A validator answers null when the value is fine, else the spec's exact message (platform.md 5). */
export type FieldCheck = string | null;

export function checkClientId(value: string): FieldCheck {
  return value.trim().length === 0 ? platformText.invalidClientId : null;
}

export function checkPassword(value: string): FieldCheck {
  return value.length === 0 ? platformText.invalidPassword : null;
}

/** The PAN/TPIN/birth year/incorporation year field used by password reset and unlock. */
export function checkPanTpinYear(value: string): FieldCheck {
  const v = value.trim();
  if (v.length === 0) return platformText.invalidPanTpinYear;
  if (v.length !== 4 && v.length !== 10) return platformText.panTpinLength;
  if (v.length === 4 && !/^\d{4}$/.test(v)) return platformText.tpinDigitsOnly;
  return null;
}

export function checkTpin(value: string): FieldCheck {
  const v = value.trim();
  if (v.length === 0) return platformText.invalidTpin;
  if (v.length !== 4) return platformText.tpinLength;
  if (!/^\d{4}$/.test(v)) return platformText.tpinDigitsOnly;
  return null;
}

export function checkPan(value: string): FieldCheck {
  const v = value.trim();
  if (v.length === 0) return platformText.invalidPan;
  if (v.length !== 10) return platformText.panLength;
  return null;
}

export function checkPasswordsMatch(newPassword: string, confirmPassword: string): FieldCheck {
  return newPassword === confirmPassword ? null : platformText.passwordMismatch;
}

export function checkTpinsMatch(newTpin: string, confirmTpin: string): FieldCheck {
  return newTpin === confirmTpin ? null : platformText.tpinMismatch;
}

/** Login OTPs have 4 digits; the dormant flow uses 6 (platform.md 5, 9). */
export function checkOtp(value: string, length: 4 | 6 = 4): FieldCheck {
  return new RegExp(`^\\d{${length}}$`).test(value) ? null : platformText.invalidOtp;
}

/** Text-input dialog: blank refused, at most 10 characters, no '#' (platform.md 5). */
export const TEXT_INPUT_MAX = 10;
export function checkTextInput(value: string): FieldCheck {
  if (value.trim().length === 0) return platformText.invalidInput;
  if (value.length > TEXT_INPUT_MAX || value.includes('#')) return platformText.invalidInput;
  return null;
}

/** Header index tickers: at least one, at most three (platform.md 5, 9). */
export function checkIndexSelection(count: number): FieldCheck {
  if (count < 1) return platformText.minOneIndex;
  if (count > 3) return platformText.maxThreeIndices;
  return null;
}

export function checkDematNumber(value: string): FieldCheck {
  return value.trim().length === 0 ? platformText.invalidDpId : null;
}

export function checkCaptcha(value: string): FieldCheck {
  return value.trim().length === 0 ? platformText.invalidCaptcha : null;
}

/** Rules for a new password (the spec does not show them; chosen: 8 to 32 characters with a letter and a digit). */
export const PASSWORD_RULE_TEXT = 'Password should be 8 to 32 characters with at least one letter and one digit';
export function checkNewPassword(value: string): FieldCheck {
  if (value.length < 8 || value.length > 32 || !/[A-Za-z]/.test(value) || !/\d/.test(value)) return PASSWORD_RULE_TEXT;
  return null;
}
