/** A refused or failed call: infoID from the server's code catalogue, or HTTP_<status> for transport faults. */
export class ApiError extends Error {
  readonly infoID: string;
  readonly status: number;

  constructor(infoID: string, message: string, status = 200) {
    super(message);
    this.name = 'ApiError';
    this.infoID = infoID;
    this.status = status;
  }
}

/**
 * True when the server itself gave a verdict (a business answer from the code catalogue). Network failures, aborted
 * requests (a page being left or reloaded) and transport faults are not verdicts: a session must never end on them.
 */
export function isServerVerdict(error: unknown): error is ApiError {
  return error instanceof ApiError && !error.infoID.startsWith('HTTP_');
}
