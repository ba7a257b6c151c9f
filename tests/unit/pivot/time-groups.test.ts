import assert from "node:assert/strict";
import { SearchTypeError } from "../../../mock-backend/search/search-type-error.ts";
import {
  close,
  FROM,
  groupBy,
  numbers,
  stats,
  type TestMessage,
  TO,
  valueTable,
  withPivotStore,
} from "./pivot-fixture.ts";

const COUNT = { type: "count", id: "count()" };
const HOUR = 3_600_000;
const hourly = { type: "time", fields: ["timestamp"], interval: { type: "timeunit", timeunit: "1h" } };
const leafRows = <R extends { source: string }>(result: { rows: R[] }) =>
  result.rows.filter((row) => row.source === "leaf");
const iso = (ms: number) => new Date(ms).toISOString();

Deno.test("hourly buckets are keyed by their ISO start, in time order, and the empty hour is filled with zero", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const avg = { type: "avg", id: "avg(took_ms)", field: "took_ms" };
    const result = await run({
      row_groups: [hourly],
      series: [COUNT, avg, { type: "sum", id: "sum(bytes)", field: "bytes" }],
    });
    const hours = groupBy(messages, (m) => iso(Math.floor(m.timestamp / HOUR) * HOUR));
    const expectedKeys = Array.from({ length: 6 }, (_, h) => iso(FROM + h * HOUR));
    assert.deepEqual(leafRows(result).map((row) => row.key), expectedKeys.map((key) => [key]));
    for (const row of leafRows(result)) {
      const group = hours.get(row.key[0]) ?? [];
      assert.equal(row.values[0].value, group.length, row.key[0]);
      close(row.values[1].value, stats.avg(numbers(group, "took_ms")), row.key[0]);
      close(row.values[2].value, stats.sum(numbers(group, "bytes")), row.key[0]);
    }
    assert.deepEqual(
      leafRows(result)[2].values.map((v) => v.value),
      [0, null, 0],
      "the quiet hour 02:00 is an empty bucket",
    );
  });
});

Deno.test("the auto interval follows the range: six hours give 10-minute buckets", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({ row_groups: [{ type: "time", fields: ["timestamp"] }], series: [COUNT] });
    const tenMinutes = 600_000;
    const expected = groupBy(messages, (m) => iso(Math.floor(m.timestamp / tenMinutes) * tenMinutes));
    const rows = leafRows(result);
    assert.equal(rows.length, 36);
    for (const row of rows) {
      assert.equal(row.values[0].value, expected.get(row.key[0])?.length ?? 0, row.key[0]);
    }
    const scaled = await run({
      row_groups: [{ type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 4 } }],
      series: [COUNT],
    });
    assert.equal(leafRows(scaled).length, 12, "scaling 4 makes a 24-hour range: 30-minute buckets");
  });
});

Deno.test("a pivot sort on the time field reverses the buckets; a series sort orders them by that series", async () => {
  await withPivotStore(async ({ run }) => {
    const ascending = leafRows(await run({ row_groups: [hourly], series: [COUNT] })).map((row) => row.key[0]);
    const descending = await run({
      row_groups: [hourly],
      series: [COUNT],
      sort: [{ type: "pivot", field: "timestamp", direction: "Descending" }],
    });
    assert.deepEqual(leafRows(descending).map((row) => row.key[0]), [...ascending].reverse());
    const avg = { type: "avg", id: "avg(took_ms)", field: "took_ms" };
    const bySeries = await run({
      row_groups: [hourly],
      series: [avg],
      sort: [{ type: "series", field: "avg(took_ms)", direction: "Descending" }],
    });
    const values = leafRows(bySeries).map((row) => row.values[0].value);
    assert.equal(values.at(-1), null, "the empty bucket's null average sorts last");
    const present = values.slice(0, -1) as number[];
    assert.deepEqual(present, [...present].sort((a, b) => b - a));
  });
});

Deno.test("time as a column grouping fills each row's gaps between its first and last bucket", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["region"], skip_empty_values: true }],
      column_groups: [hourly],
      series: [COUNT],
      rollup: false,
    });
    const table = valueTable(result);
    for (const [region, group] of groupBy(messages, (m) => m.fields.region as string | undefined)) {
      const values = table.get(`leaf:${region}`)!;
      const byHour = groupBy(group, (m) => iso(Math.floor(m.timestamp / HOUR) * HOUR));
      const first = Math.min(...group.map((m) => m.timestamp));
      const last = Math.max(...group.map((m) => m.timestamp));
      const hours = [];
      for (let h = Math.floor(first / HOUR) * HOUR; h <= last; h += HOUR) hours.push(iso(h));
      assert.deepEqual([...values.keys()], hours.map((h) => `${h}|count()`), region);
      for (const h of hours) assert.equal(values.get(`${h}|count()`), byHour.get(h)?.length ?? 0);
    }
  });
});

Deno.test("values nested under time make rows only for buckets with messages", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      row_groups: [hourly, { type: "values", fields: ["source"], limit: 1 }],
      series: [COUNT],
    });
    const rows = leafRows(result);
    assert.equal(rows.length, 5, "five hours with messages, one source each");
    assert.ok(rows.every((row) => row.key[0] !== iso(FROM + 2 * HOUR)));
    for (const row of rows) {
      const inHour = messages.filter((m) => iso(Math.floor(m.timestamp / HOUR) * HOUR) === row.key[0]);
      const top = [...groupBy(inHour, (m) =>
        m.source.toLowerCase())].sort((a, b) =>
          b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)
        )[0];
      assert.deepEqual([row.key[1], row.values[0].value], [top[0], top[1].length]);
    }
  });
});

Deno.test("calendar months and weeks bucket by the first of the month and by Monday, gaps filled", async () => {
  const day = 86_400_000;
  const at = (text: string) => Date.parse(text);
  const messages: TestMessage[] = [
    "2026-01-15T10:00:00Z",
    "2026-01-31T23:59:59Z",
    "2026-03-01T00:00:00Z",
    "2026-03-20T12:00:00Z",
  ].map((t) => ({
    timestamp: at(t),
    source: "h",
    fields: { n: 1 },
  }));
  await withPivotStore(async ({ run }) => {
    const range = { from: at("2026-01-01T00:00:00Z"), to: at("2026-04-01T00:00:00Z") };
    const monthly = await run({
      row_groups: [{ type: "time", fields: ["timestamp"], interval: { type: "timeunit", timeunit: "1M" } }],
      series: [COUNT],
    }, range);
    assert.deepEqual(leafRows(monthly).map((row) => [row.key[0], row.values[0].value]), [
      ["2026-01-01T00:00:00.000Z", 2],
      ["2026-02-01T00:00:00.000Z", 0],
      ["2026-03-01T00:00:00.000Z", 2],
    ]);
    const weekly = await run({
      row_groups: [{ type: "time", fields: ["timestamp"], interval: { type: "timeunit", timeunit: "1w" } }],
      series: [COUNT],
    }, range);
    const keys = leafRows(weekly).map((row) => row.key[0]);
    assert.equal(keys[0], "2026-01-12T00:00:00.000Z");
    assert.equal(keys.at(-1), "2026-03-16T00:00:00.000Z");
    assert.equal(keys.length, (at("2026-03-16") - at("2026-01-12")) / (7 * day) + 1);
    assert.ok(keys.every((key) => new Date(key).getUTCDay() === 1), "every week starts on a Monday");
  }, messages);
});

Deno.test("a histogram needing more buckets than Elasticsearch's max_buckets fails as a search type error", async () => {
  const messages: TestMessage[] = [FROM, FROM + 2 * 86_400_000].map((timestamp) => ({
    timestamp,
    source: "h",
    fields: {},
  }));
  await withPivotStore(async ({ run }) => {
    await assert.rejects(
      () =>
        run({
          row_groups: [{
            type: "time",
            fields: ["timestamp"],
            interval: { type: "timeunit", timeunit: "1s" },
          }],
          series: [COUNT],
        }, { to: FROM + 3 * 86_400_000 }),
      (error: unknown) => error instanceof SearchTypeError && /too many buckets/.test(error.message),
    );
  }, messages);
});

Deno.test("a time grouping on a text field or with a zero interval is refused; on a missing field it has no buckets", async () => {
  await withPivotStore(async ({ run }) => {
    await assert.rejects(
      () => run({ row_groups: [{ type: "time", fields: ["user"] }], series: [COUNT] }),
      /Field \[user\] of type \[string\] is not supported for aggregation \[date_histogram\]/,
    );
    await assert.rejects(
      () =>
        run({
          row_groups: [{
            type: "time",
            fields: ["timestamp"],
            interval: { type: "timeunit", timeunit: "0m" },
          }],
          series: [COUNT],
        }),
      (error: unknown) => error instanceof SearchTypeError && /'0m' is not a time unit/.test(error.message),
    );
    const missing = await run({ row_groups: [{ type: "time", fields: ["nope"] }], series: [COUNT] });
    assert.deepEqual(missing.rows.map((row) => row.source), ["non-leaf"]);
    assert.equal(missing.total, 1500);
  });
});

Deno.test("the effective time range is the search's range", async () => {
  await withPivotStore(async ({ run }) => {
    const result = await run({ row_groups: [hourly], series: [COUNT] });
    assert.deepEqual(result.effective_timerange, { type: "absolute", from: iso(FROM), to: iso(TO) });
  });
});
