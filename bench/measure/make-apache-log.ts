/**
 * `deno run -A bench/measure/make-apache-log.ts OUT [COPIES]`: a large real-looking Apache access log for timing
 * `deno task import`: ../shared/data/apache_access_10k.log repeated COPIES times (default 100, so 1M lines), each
 * copy's timestamps moved 4 days after the previous copy's so that the whole file stays in time order.
 */
const [out, copiesArg] = Deno.args;
if (!out) throw new Error("usage: make-apache-log.ts OUT [COPIES]");
const copies = Number(copiesArg ?? 100);
const source = await Deno.readTextFile(
  new URL("../../../shared/data/apache_access_10k.log", import.meta.url),
);
const lines = source.split("\n").filter((line) => line.length > 0);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const STAMP = /\[(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) \+0000\]/;
const parsed = lines.map((line) => {
  const match = STAMP.exec(line);
  if (!match) return { line, ms: null };
  const [, day, month, year, hour, minute, second] = match;
  return { line, ms: Date.UTC(+year, MONTHS.indexOf(month), +day, +hour, +minute, +second) };
});
const pad = (value: number) => String(value).padStart(2, "0");
const file = await Deno.open(out, { write: true, create: true, truncate: true });
const encoder = new TextEncoder();
for (let copy = 0; copy < copies; copy++) {
  const shift = copy * 4 * 86_400_000;
  const text = parsed.map(({ line, ms }) => {
    if (ms === null) return line;
    const date = new Date(ms + shift);
    const stamp = `[${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:${
      pad(date.getUTCHours())
    }:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000]`;
    return line.replace(STAMP, stamp);
  }).join("\n") + "\n";
  const bytes = encoder.encode(text);
  for (let written = 0; written < bytes.length;) written += await file.write(bytes.subarray(written));
}
file.close();
console.log(`wrote ${lines.length * copies} lines to ${out}`);
