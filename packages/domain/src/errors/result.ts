import { allCodes, type ErrorCode } from './catalogue.ts';

/** Rejections are values; services return these and never speak HTTP. */
export type Result<T> = Success<T> | Rejection;

export interface Success<T> {
  ok: true;
  data: T;
  message?: string;
  /** A non-error answer code (platform.md 7.1) instead of "0". */
  infoID?: 'EGN011' | 'EGN012';
}

export interface Rejection {
  ok: false;
  code: ErrorCode;
  message: string;
}

export function ok<T>(data: T, message?: string): Success<T> {
  return message === undefined ? { ok: true, data } : { ok: true, data, message };
}

export function reject(code: ErrorCode, message?: string): Rejection {
  return { ok: false, code, message: message ?? allCodes[code].message };
}

/** The detail text of EGN001: 'Invalid request: ' and what was wrong, for a person to read. */
export function invalidRequestText(detail: string): string {
  return `${allCodes.EGN001.message}: ${detail}`;
}

/** EGN001 saying what was wrong with the request data; nothing was changed. */
export function invalidRequest(detail: string): Rejection {
  return reject('EGN001', invalidRequestText(detail));
}
