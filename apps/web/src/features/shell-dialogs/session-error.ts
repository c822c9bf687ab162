import { SESSION_INVALID_CODE } from '@kite/domain';
import { ApiError } from '../../lib/api/api-error.ts';

/** EGN006 is answered once, by the shell (dialog and logout); the caller then shows nothing more. */
export function isSessionInvalid(error: unknown): boolean {
  return error instanceof ApiError && error.infoID === SESSION_INVALID_CODE;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
