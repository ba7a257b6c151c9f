/**
 * The one typed exception of the API: handlers and middleware throw it, `onError` turns it into
 * `{type: "ApiError", message}` with its status (ARCHITECTURE: errors).
 */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export class ApiError extends Error {
  constructor(readonly status: ApiErrorStatus, message: string) {
    super(message);
    this.name = "ApiError";
  }
}

/** 403 for streams the user may not read; the body lists their ids (spec 000 §2.4). */
export class MissingStreamPermissionError extends ApiError {
  constructor(readonly streams: readonly string[]) {
    super(403, `Not authorized to access streams: ${streams.join(", ")}`);
    this.name = "MissingStreamPermissionError";
  }
}

/** 429 or 503 with a `Retry-After` header: the caller is throttled, or the server is busy, for a while. */
export class RetryLaterError extends ApiError {
  constructor(status: 429 | 503, message: string, readonly retryAfterSeconds: number) {
    super(status, message);
    this.name = "RetryLaterError";
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message: string) => new ApiError(404, message);
export const forbidden = (message = "You do not have the required permissions to view this resource.") =>
  new ApiError(403, message);
