/** How often long work says where it is, and the clock it reads (tests pass their own). */
export interface ProgressPace {
  everyMs?: number;
  now?: () => number;
}

/**
 * Lines about long work for a log or a terminal: the returned function writes the line it is given at most once
 * per `everyMs`, the first time `everyMs` after the start, and drops the others. Work finished sooner writes
 * nothing, so short runs are not flooded; the end is left to the caller's own line.
 */
export function pacedLog(
  write: (line: string) => void,
  { everyMs = 5000, now = () => performance.now() }: ProgressPace = {},
): (line: () => string) => void {
  let last = now();
  return (line) => {
    if (now() - last < everyMs) return;
    last = now();
    write(line());
  };
}

/**
 * `(done, total)` of long work over messages as "{label}: {done} of {total} messages ({percent}%)" (pacedLog),
 * nothing at the end: the caller says "Indexed the message terms in … ms" itself.
 */
export function progressLog(
  label: string,
  write: (line: string) => void,
  pace: ProgressPace = {},
): (done: number, total: number) => void {
  const log = pacedLog(write, pace);
  return (done, total) => {
    if (done >= total) return;
    log(() =>
      `${label}: ${COUNT.format(done)} of ${COUNT.format(total)} messages (${
        Math.floor((done * 100) / total)
      }%)`
    );
  };
}

/** Counts as the logs print them: 1,000,000. */
export const COUNT = new Intl.NumberFormat("en-US");
