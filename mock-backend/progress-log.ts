/**
 * How far long work has come, for a log or a terminal: the returned function takes `(done, total)` as the work
 * goes on and writes "{label}: {done} of {total} messages ({percent}%)" at most once per `everyMs`, the first time
 * `everyMs` after the start. Work finished sooner writes nothing, and the end is left to the caller's own line
 * ("Indexed the message terms in … ms"), so a 10M-message indexing says where it is without flooding short runs.
 */
export function progressLog(
  label: string,
  write: (line: string) => void,
  { everyMs = 5000, now = () => performance.now() }: { everyMs?: number; now?: () => number } = {},
): (done: number, total: number) => void {
  let last = now();
  return (done, total) => {
    if (done >= total || now() - last < everyMs) return;
    last = now();
    const percent = Math.floor((done * 100) / total);
    write(`${label}: ${COUNT.format(done)} of ${COUNT.format(total)} messages (${percent}%)`);
  };
}

const COUNT = new Intl.NumberFormat("en-US");
