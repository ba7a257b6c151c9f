/**
 * `deno run -A bench/measure/token-bloom.ts COPY_OF_DBPATH [words]`: would a per-message blocked Bloom filter of
 * its text make a bare term cheap? Adds `words` UBIGINT columns `text_bloom_0…` to a COPY of a kept database
 * (bench/measure/make-db.ts): each token of message_terms and full_message_terms, each keyword value and the
 * lower-cased source picks one word by its hash and sets two bits in it, so testing a token reads one integer
 * column. Then times the bare term's predicate over one day and seven days with and without the Bloom test in
 * front. Evidence for a store change (ingest would compute the columns); nothing in the engine uses them.
 */
import { Database } from "../../mock-backend/database.ts";
import { summarize } from "../stats.ts";

const db = await Database.open({ path: Deno.args[0] });
const words = Number(Deno.args[1] ?? 4);
// Bits of one item in word `word`: 0 unless the item's hash picks this word.
const bits = (text: string, word: number) =>
  `CASE WHEN hash(${text}) % ${words} = ${word} THEN (1::UBIGINT << ((hash(${text}) >> 8) % 64)::INTEGER) | (1::UBIGINT << ((hash(${text}) >> 16) % 64)::INTEGER) ELSE 0::UBIGINT END`;
const items =
  `list_concat(string_split(trim(message_terms), ' '), string_split(trim(coalesce(full_message_terms, ' ')), ' '), list_filter(string_split(keyword_values, chr(31)), v -> v <> ''), [lower(source)])`;
const word = (w: number) =>
  `coalesce(list_reduce(list_transform(${items}, t -> ${bits("t", w)}), (a, b) -> a | b), 0::UBIGINT)`;
if (
  !(await db.first(
    `SELECT 1 AS x FROM information_schema.columns WHERE table_name = 'messages' AND column_name = 'text_bloom_0'`,
  ))
) {
  const started = performance.now();
  for (let w = 0; w < words; w++) await db.run(`ALTER TABLE messages ADD COLUMN text_bloom_${w} UBIGINT`);
  await db.run(
    `UPDATE messages SET ${
      Array.from({ length: words }, (_, w) => `text_bloom_${w} = ${word(w)}`).join(", ")
    }`,
  );
  await db.run("CHECKPOINT");
  console.log(`${words} columns built in ${Math.round(performance.now() - started)} ms`);
}
const end = Date.UTC(2024, 5, 8);
/** The Bloom test of one item: its word's column holds its two bits. */
const test = async (text: string) => {
  const row = (await db.first<{ w: bigint; m: bigint }>(
    `SELECT hash('${text}') % ${words} AS w, (1::UBIGINT << ((hash('${text}') >> 8) % 64)::INTEGER) | (1::UBIGINT << ((hash('${text}') >> 16) % 64)::INTEGER) AS m`,
  ))!;
  return `(text_bloom_${row.w} & ${row.m}::UBIGINT) = ${row.m}::UBIGINT`;
};
const exact = (token: string, value: string, prefix = false) =>
  `(source ILIKE '${value}${prefix ? "%" : ""}' OR contains(message_terms, ' ${token}${
    prefix ? "" : " "
  }') OR contains(full_message_terms, ' ${token}${
    prefix ? "" : " "
  }') OR gl2_source_input = '${value}' OR gl2_source_node = '${value}' OR contains(keyword_values, chr(31) || '${value}'${
    prefix ? "" : " || chr(31)"
  }))`;
for (const [label, ms] of [["1 day", 86_400_000], ["7 days", 7 * 86_400_000]] as const) {
  const time = `timestamp BETWEEN epoch_ms(${end - ms}) AND epoch_ms(${end - 1})`;
  const failed = await test("failed");
  // A phrase: both tokens in the text, or the whole phrase as one keyword value.
  const phrase = `((${await test("connection")} AND ${await test("refused")}) OR ${await test(
    "connection refused",
  )})`;
  const variants: Record<string, string> = {
    "failed: exact": exact("failed", "failed"),
    "failed: bloom, then exact": `${failed} AND ${exact("failed", "failed")}`,
    '"connection refused": exact': exact("connection refused", "connection refused"),
    '"connection refused": bloom, then exact': `${phrase} AND ${
      exact("connection refused", "connection refused")
    }`,
  };
  for (const [name, predicate] of Object.entries(variants)) {
    const sql = `SELECT count(*) AS n FROM messages WHERE ${time} AND ${predicate}`;
    const samples: number[] = [];
    let n = 0n;
    for (let i = 0; i < 8; i++) {
      const started = performance.now();
      n = (await db.first<{ n: bigint }>(sql))!.n;
      if (i > 0) samples.push(performance.now() - started);
    }
    console.log(
      `${label.padEnd(7)} ${name.padEnd(40)} ${String(n).padStart(8)} hits  min ${
        Math.min(...samples).toFixed(1)
      }  median ${summarize(samples).median.toFixed(1)} ms`,
    );
  }
  const survivors = await db.first<{ n: bigint; all: bigint }>(
    `SELECT count(*) FILTER (${failed}) AS n, count(*) AS all FROM messages WHERE ${time}`,
  );
  console.log(`${label}: the Bloom bits of "failed" pass ${survivors!.n} of ${survivors!.all} messages`);
}
db.close();
