/**
 * `deno run -A bench/measure/sql-string-functions.ts FILE [LINES]`: process CPU µs per line of DuckDB string
 * functions over the first LINES (default 300,000) lines of FILE, in an in-memory database with 2 threads: what the
 * SQL import (mock-backend/import/sql-import.ts) would pay to parse Apache lines and tokenise them in SQL. Made
 * for the "Third round" of bench/RESULTS.md "Import: where the time goes".
 */
import process from "node:process";
import { Database } from "../../mock-backend/database.ts";

const [file, linesArg] = Deno.args;
if (!file) throw new Error("usage: sql-string-functions.ts FILE [LINES]");
const lines = Number(linesArg ?? 300_000);
const db = await Database.open({ path: ":memory:" });
const quoted = `'${file.replaceAll("'", "''")}'`;
await db.run(
  `CREATE TABLE l AS SELECT unnest AS line
   FROM unnest(string_split((SELECT content FROM read_text(${quoted})), chr(10))) LIMIT ${lines}`,
);
const ACCESS = String
  .raw`^(\S+) (\S+) (.+?) \[([^\]]+)\] "((?:[^"\\]|\\.)*)" (\d{3}|-) (\d+|-)( "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)")?\s*$`;
const CASES: [string, string][] = [
  ["scan (count)", "line"],
  ["lower", "lower(line)"],
  [
    "translate 33 characters",
    `translate(lower(line), '${'!#$%&()*+,-/:;<=>?@[]^`{|}~ "\\'.replaceAll("'", "''")}', '')`,
  ],
  ["replace one character", `replace(lower(line), '"', ' ')`],
  ["regexp_replace separators", `regexp_replace(lower(line), '[^a-z0-9_.'']+', ' ', 'g')`],
  [
    "regexp_extract_all tokens",
    `array_to_string(regexp_extract_all(lower(line), '[a-z0-9_]+(?:[''.][a-z0-9_]+)*'), ' ')`,
  ],
  ["plain ASCII check (regex)", `regexp_full_match(line, '[\\t\\x20-\\x7e]*')::VARCHAR`],
  [
    "access line: full match",
    `regexp_full_match(line, '${ACCESS.slice(1, -1).replaceAll("'", "''")}')::VARCHAR`,
  ],
  [
    "access line: 10 groups",
    `regexp_extract(line, '${ACCESS.replaceAll("'", "''")}', ['a','b','c','d','e','f','g','h','i','j']).a`,
  ],
  ["string_split on quotes", `string_split(line, '"')[2]`],
];
console.log(`| function | CPU µs/line |\n|---|---|`);
for (const [name, sql] of CASES) {
  const cpu = process.cpuUsage();
  await db.all(`SELECT count(*) FROM (SELECT ${sql} AS v FROM l) WHERE v IS DISTINCT FROM 'x'`);
  const used = process.cpuUsage(cpu);
  console.log(`| ${name} | ${((used.user + used.system) / lines).toFixed(2)} |`);
}
console.log(`load average: ${(await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ")}`);
db.close();
