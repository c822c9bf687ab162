import { platformText, type FieldCheck } from '@kite/domain';

/** platform.md 5: the dormant Client ID field holds at most 12 characters but takes typing only up to 7. */
export const DORMANT_ID_HOLD = 12;
export const DORMANT_ID_TYPED = 7;
export const DORMANT_OTP_LENGTH = 6;

/**
 * The dormant flow's client-id check (platform.md 5: "the exact check rules are not shown"). Chosen: required, letters
 * and digits only, at most 12 characters (the server's client id rule); any failure reads 'Please enter valid Client ID'.
 */
export function checkDormantClientId(value: string): FieldCheck {
  const id = value.trim();
  if (id.length === 0 || id.length > DORMANT_ID_HOLD || !/^[A-Za-z0-9]+$/.test(id)) return platformText.invalidClientId;
  return null;
}

/** What the field keeps of a change: upper-cased, at most 12 characters, and typing past 7 characters is not taken. */
export function nextDormantId(previous: string, typed: string): string {
  const next = typed.toUpperCase().slice(0, DORMANT_ID_HOLD);
  const grewByTyping = next.length === previous.length + 1;
  if (grewByTyping && next.length > DORMANT_ID_TYPED) return previous;
  return next;
}
