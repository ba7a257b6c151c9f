/** An HTTP error from the API, with the status and the parsed JSON body when there was one. */
export class FetchError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: { type?: string; message?: string; streams?: string[] } | null,
    readonly method: string,
    readonly url: string,
  ) {
    super(`There was an error fetching a resource: ${statusText || status}. Additional information: ${body?.message ?? "Not available"}`);
    this.name = "FetchError";
  }

  /** The body's message, if any. */
  get bodyMessage(): string | undefined {
    return this.body?.message;
  }
}

/** The text a toast shows for an error (spec 000 §8: for 400 and 500 with a body message, message + ' - ' + error). */
export function errorToastText(error: unknown): string {
  if (error instanceof FetchError && (error.status === 400 || error.status === 500) && error.bodyMessage) {
    return `${error.bodyMessage} - ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The response body's message when there is one, else the error's own message (spec 001 §8). */
export function failureMessage(error: unknown): string {
  if (error instanceof FetchError) return error.bodyMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
