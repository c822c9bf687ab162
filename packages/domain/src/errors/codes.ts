/**
 * The one catalogue of answer codes. Every business answer carries one of these as `infoID`; "0" is success.
 * EGN011 and EGN012 are the spec's non-error codes (platform.md 7.1): the web client passes them through.
 * Codes are grouped by prefix: EGN general, ACC accounts and login, PAY payments, ORD orders, MKT market data.
 */
export const errorCatalogue = {
  EGN001: { message: 'Invalid request', meaning: 'The request data failed validation; nothing was changed.' },
  EGN002: { message: 'Something went wrong', meaning: 'An unexpected server fault; nothing was acknowledged.' },
  EGN003: { message: 'Too many requests. Please try again after some time.', meaning: 'A rate limit was reached.' },
  EGN004: { message: 'You are not permitted to do this.', meaning: 'The client lacks the permission for the action.' },
  EGN005: { message: 'No record found.', meaning: 'The object does not exist for this client (or belongs to another).' },
  EGN006: { message: 'Your session is no longer valid. Please login again.', meaning: 'Missing, expired or revoked session.' },
  EGN007: { message: 'Unable to read the request. Please refresh page.', meaning: 'Encrypted payload could not be decrypted (unknown or expired key).' },
  EGN008: { message: 'This service is temporarily unavailable. Please try again after some time.', meaning: 'A dependency (database, depository, exchange) is unreachable.' },
  EGN009: { message: 'The same request key was used with a different request.', meaning: 'Idempotency-Key reuse with another body.' },
  EGN011: { message: 'Request processed with information.', meaning: 'Not an error: success with an informational message.' },
  EGN012: { message: 'Your request is in progress.', meaning: 'Not an error: the request was accepted and is being processed.' },
} as const satisfies Record<string, { message: string; meaning: string }>;

export type GeneralErrorCode = keyof typeof errorCatalogue;

/** Codes the web client treats as success (platform.md 7.1). */
export const NON_ERROR_CODES: ReadonlySet<string> = new Set(['EGN011', 'EGN012']);

export const SESSION_INVALID_CODE = 'EGN006';
