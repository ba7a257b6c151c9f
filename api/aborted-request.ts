/**
 * Whether a request failed because its client went away: a navigation or a refresh aborts the page's fetches, and
 * reading such a request's body fails (Deno: `BadResource: Cannot read request body`). Nobody waits for the answer
 * and nothing is wrong with the server, so it is neither logged as a server fault nor counted as one.
 */
export function clientWentAway(error: unknown, request: Request): boolean {
  return request.signal.aborted || error instanceof Deno.errors.BadResource || error instanceof Deno.errors.Interrupted ||
    error instanceof Deno.errors.ConnectionReset;
}
