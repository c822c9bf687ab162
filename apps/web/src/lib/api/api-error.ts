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
