/**
 * A request the backend cannot read: a query that does not parse, an unknown time zone, a date or ISO duration
 * that is not one. Backends throw it (never a 500); the API answers 400 with its message, which names what is
 * wrong and where.
 */
export class UnreadableRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableRequestError";
  }
}
