/**
 * `deno run -A bench/measure/predicate-cost.ts DBPATH [range]`: times `count(*)` over one time range of a kept
 * database (bench/measure/make-db.ts) for each part of a bare term's predicate alone and together, to see which
 * column of "any text field" costs what.
 */
import { Database } from "../../mock-backend/database.ts";
import { summarize } from "../stats.ts";

const [path, rangeLabel = "1d"] = Deno.args;
const db = await Database.open({ path });
const end = Date.UTC(2024, 5, 8);
const rangeMs = { "1h": 3600_000, "1d": 86_400_000, "7d": 7 * 86_400_000 }[rangeLabel]!;
const time = `timestamp BETWEEN epoch_ms(${end - rangeMs}) AND epoch_ms(${end - 1})`;
const parts: Record<string, string> = {
  "time only": "TRUE",
  "message_terms": "contains(message_terms, ' failed ')",
  "full_message_terms": "contains(full_message_terms, ' failed ')",
  "source ILIKE": "source ILIKE 'failed'",
  "lower(source) =": "lower(source) = 'failed'",
  "gl2_source_input =": "gl2_source_input = 'failed'",
  "gl2_source_node =": "gl2_source_node = 'failed'",
  "keyword_values": "contains(keyword_values, chr(31) || 'failed' || chr(31))",
  "all six (compiled)":
    "(source ILIKE 'failed') OR contains(message_terms, ' failed ') OR contains(full_message_terms, ' failed ') OR gl2_source_input = 'failed' OR gl2_source_node = 'failed' OR contains(keyword_values, chr(31) || 'failed' || chr(31))",
  "phrase all six":
    "(source ILIKE 'connection refused') OR contains(message_terms, ' connection refused ') OR contains(full_message_terms, ' connection refused ') OR gl2_source_input = 'connection refused' OR gl2_source_node = 'connection refused' OR contains(keyword_values, chr(31) || 'connection refused' || chr(31))",
  "exists exception_class": "f_exception_class IS NOT NULL",
};
for (const [name, predicate] of Object.entries(parts)) {
  const sql = `SELECT count(*) AS n FROM messages WHERE ${time} AND (${predicate})`;
  let n = 0n;
  const samples: number[] = [];
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    n = (await db.first<{ n: bigint }>(sql))!.n;
    if (i > 0) samples.push(performance.now() - started);
  }
  console.log(
    `${name.padEnd(24)} ${String(n).padStart(8)} hits  median ${summarize(samples).median.toFixed(1)} ms`,
  );
}
db.close();
