/**
 * The time windows an aggregation definition is evaluated over. Graylog's scheduler runs a definition every
 * `execute_every_ms` over the `search_within_ms` before that moment; here the runs are aligned to the epoch, so
 * window `k` ends at `k × every` and the same data always gives the same windows. Bounds are inclusive
 * milliseconds, as Graylog's absolute ranges are: `[k × every − within, k × every − 1]`.
 */
export interface EvaluationWindow {
  /** The window's number (its end divided by `every`). */
  k: number;
  from: number;
  to: number;
}

export interface WindowSpec {
  everyMs: number;
  withinMs: number;
}

export function windowAt(k: number, { everyMs, withinMs }: WindowSpec): EvaluationWindow {
  return { k, from: k * everyMs - withinMs, to: k * everyMs - 1 };
}

/**
 * The numbers of the windows that hold any of `[dataFrom, dataTo]` and have ended by `now` (a window still open
 * is evaluated when it ends, as the scheduler would); null when there is none.
 */
export function windowRange(
  dataFrom: number,
  dataTo: number,
  now: number,
  { everyMs, withinMs }: WindowSpec,
): { first: number; last: number } | null {
  const first = Math.ceil((dataFrom + 1) / everyMs);
  const last = Math.min(Math.floor((dataTo + withinMs) / everyMs), Math.floor((now + 1) / everyMs));
  return last >= first ? { first, last } : null;
}
