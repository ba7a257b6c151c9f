/**
 * Guards against stale responses (spec 000 §4): each request takes a ticket, and only the answer to the
 * latest ticket may be applied. A slow answer to an older page/size/query is ignored.
 */
export interface LatestRequestGuard {
  /** Starts a request; keep the ticket to check its answer. */
  begin(): number;
  /** True when no later request has begun since this ticket. */
  isLatest(ticket: number): boolean;
  /** Makes every outstanding ticket stale (on unmount). */
  invalidate(): void;
}

export function createLatestRequestGuard(): LatestRequestGuard {
  let latest = 0;
  return {
    begin: () => ++latest,
    isLatest: (ticket) => ticket === latest,
    invalidate: () => {
      latest++;
    },
  };
}
