import assert from "node:assert/strict";
import { SearchTypeError } from "../../../mock-backend/search/search-type-error.ts";
import {
  close,
  groupBy,
  numbers,
  stats,
  type TestMessage,
  valueTable,
  withPivotStore,
} from "./pivot-fixture.ts";

const bySource = { type: "values", fields: ["source"], limit: 10 };
const sourceKey = (m: TestMessage) => m.source.toLowerCase();

/** Runs one series grouped by source and compares every row (and the total) with `expected` over the same messages. */
async function checkSeries(
  series: Record<string, unknown>,
  expected: (messages: TestMessage[]) => number | string | null,
) {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({ row_groups: [bySource], series: [series] });
    const table = valueTable(result);
    const id = String(series.id);
    const groups = groupBy(messages, sourceKey);
    assert.equal(result.rows.length, groups.size + 1);
    for (const [source, group] of groups) {
      const want = expected(group);
      const got = table.get(`leaf:${source}`)!.get(id);
      if (typeof want === "number" || want === null) close(got, want, `${id} for ${source}`);
      else assert.equal(got, want, `${id} for ${source}`);
    }
    const total = expected(messages);
    const got = table.get("non-leaf:")!.get(id);
    if (typeof total === "number" || total === null) close(got, total, `${id} overall`);
    else assert.equal(got, total);
  });
}

Deno.test("count() counts messages per bucket; count(field) only those having the field", async () => {
  await checkSeries({ type: "count", id: "count()" }, (ms) => ms.length);
  await checkSeries(
    { type: "count", id: "count(user)", field: "user" },
    (ms) => ms.filter((m) => "user" in m.fields).length,
  );
});

Deno.test("avg and sum aggregate a numeric field, ignoring messages without it", async () => {
  await checkSeries(
    { type: "avg", id: "avg(took_ms)", field: "took_ms" },
    (ms) => stats.avg(numbers(ms, "took_ms")),
  );
  await checkSeries(
    { type: "sum", id: "sum(bytes)", field: "bytes" },
    (ms) => stats.sum(numbers(ms, "bytes")),
  );
});

Deno.test("min and max of a number, and of a date as epoch milliseconds", async () => {
  await checkSeries(
    { type: "min", id: "min(took_ms)", field: "took_ms" },
    (ms) => Math.min(...numbers(ms, "took_ms")),
  );
  await checkSeries(
    { type: "max", id: "max(http_response_code)", field: "http_response_code" },
    (ms) => Math.max(...numbers(ms, "http_response_code")),
  );
  await checkSeries(
    { type: "min", id: "min(timestamp)", field: "timestamp" },
    (ms) => Math.min(...ms.map((m) => m.timestamp)),
  );
  await checkSeries(
    { type: "max", id: "max(timestamp)", field: "timestamp" },
    (ms) => Math.max(...ms.map((m) => m.timestamp)),
  );
});

Deno.test("card counts distinct values; source is counted case-insensitively like its keyword analyzer", async () => {
  await checkSeries(
    { type: "card", id: "card(user)", field: "user" },
    (ms) => new Set(ms.map((m) => m.fields.user).filter(Boolean)).size,
  );
  await checkSeries(
    { type: "card", id: "card(source)", field: "source" },
    (ms) => new Set(ms.map(sourceKey)).size,
  );
});

Deno.test("stddev and variance are the population statistics; sumofsquares sums the squares", async () => {
  await checkSeries(
    { type: "variance", id: "variance(took_ms)", field: "took_ms" },
    (ms) => stats.variance(numbers(ms, "took_ms")),
  );
  await checkSeries(
    { type: "stddev", id: "stddev(took_ms)", field: "took_ms" },
    (ms) => Math.sqrt(stats.variance(numbers(ms, "took_ms"))!),
  );
  await checkSeries(
    { type: "sumofsquares", id: "sumofsquares(bytes)", field: "bytes" },
    (ms) => stats.sum(numbers(ms, "bytes").map((x) => x * x)),
  );
});

Deno.test("percentile interpolates between the closest ranks", async () => {
  await checkSeries(
    { type: "percentile", id: "percentile(took_ms,95)", field: "took_ms", percentile: 95 },
    (ms) => stats.percentile(numbers(ms, "took_ms"), 95),
  );
  await checkSeries(
    { type: "percentile", id: "percentile(bytes,50)", field: "bytes", percentile: 50 },
    (ms) => stats.percentile(numbers(ms, "bytes"), 50),
  );
});

Deno.test("latest is the value on the newest message that has the field", async () => {
  const newest = (ms: TestMessage[], field: string) => {
    const having = ms.filter((m) => field in m.fields).sort((a, b) => b.timestamp - a.timestamp);
    return having.length ? having[0].fields[field] : null;
  };
  await checkSeries({ type: "latest", id: "latest(user)", field: "user" }, (ms) => newest(ms, "user"));
  await checkSeries(
    { type: "latest", id: "latest(took_ms)", field: "took_ms" },
    (ms) => newest(ms, "took_ms"),
  );
});

Deno.test("numeric functions on a text field fail as a search type error naming field, type and aggregation", async () => {
  await withPivotStore(async ({ run }) => {
    await assert.rejects(
      () => run({ series: [{ type: "avg", id: "avg(user)", field: "user" }] }),
      (error: unknown) =>
        error instanceof SearchTypeError && error.type === "search_type" &&
        /Field \[user\] of type \[string\] is not supported for aggregation \[avg\]/.test(error.message),
    );
    await assert.rejects(
      () => run({ series: [{ type: "percentile", id: "p", field: "source", percentile: 50 }] }),
      SearchTypeError,
    );
    await assert.rejects(() => run({ series: [{ type: "sum", id: "sum()" }] }), /needs a field/);
  });
});

Deno.test("a field no message has aggregates to nothing: count 0, sum 0, avg and latest null", async () => {
  await withPivotStore(async ({ run }) => {
    const result = await run({
      series: [
        { type: "count", id: "count(nope)", field: "nope" },
        { type: "sum", id: "sum(nope)", field: "nope" },
        { type: "avg", id: "avg(nope)", field: "nope" },
        { type: "latest", id: "latest(nope)", field: "nope" },
        { type: "card", id: "card(nope)", field: "nope" },
      ],
    });
    assert.deepEqual(result.rows[0].values.map((v) => v.value), [0, 0, null, null, 0]);
  });
});

Deno.test("every series in one pivot agrees with the same series run alone", async () => {
  await withPivotStore(async ({ run }) => {
    const series = [
      { type: "count", id: "count()" },
      { type: "avg", id: "avg(took_ms)", field: "took_ms" },
      { type: "max", id: "max(bytes)", field: "bytes" },
      { type: "percentile", id: "percentile(took_ms,99)", field: "took_ms", percentile: 99 },
      { type: "latest", id: "latest(region)", field: "region" },
    ];
    const together = valueTable(await run({ row_groups: [bySource], series }));
    for (const one of series) {
      const alone = valueTable(await run({ row_groups: [bySource], series: [one] }));
      for (const [row, values] of alone) {
        assert.deepEqual(together.get(row)!.get(one.id), values.get(one.id), `${one.id} in ${row}`);
      }
    }
  });
});
