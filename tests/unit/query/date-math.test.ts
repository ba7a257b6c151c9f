import assert from "node:assert/strict";
import { formatTimestamp, parseDateBound } from "../../../mock-backend/query/date-math.ts";

const NOW = Date.UTC(2024, 0, 17, 15, 42, 7, 123); // a Wednesday
const at = (text: string, roundUp = false) => {
  const ms = parseDateBound(text, NOW, roundUp);
  return ms === null ? null : new Date(ms).toISOString();
};

Deno.test("Graylog's timestamp format and ISO 8601 parse as UTC", () => {
  assert.equal(at("2024-01-02 03:04:05.678"), "2024-01-02T03:04:05.678Z");
  assert.equal(at("2024-01-02T03:04:05.678Z"), "2024-01-02T03:04:05.678Z");
  assert.equal(at("2024-01-02T03:04:05+02:00"), "2024-01-02T01:04:05.000Z");
  assert.equal(at("2024-01-02T03:04:05-0130"), "2024-01-02T04:34:05.000Z");
  assert.equal(at("2024-01-02 03:04:05.123456"), "2024-01-02T03:04:05.123Z");
});

Deno.test("a partial date rounds down as a lower bound and up to the end of its unit as an upper bound", () => {
  assert.equal(at("2024-01-02"), "2024-01-02T00:00:00.000Z");
  assert.equal(at("2024-01-02", true), "2024-01-02T23:59:59.999Z");
  assert.equal(at("2024-02", true), "2024-02-29T23:59:59.999Z");
  assert.equal(at("2023", true), "2023-12-31T23:59:59.999Z");
  assert.equal(at("2024-01-02 03", true), "2024-01-02T03:59:59.999Z");
  assert.equal(at("2024-01-02 03:04:05", true), "2024-01-02T03:04:05.999Z");
  assert.equal(at("2024-01-02 03:04:05.100", true), "2024-01-02T03:04:05.100Z");
});

Deno.test("date math adds, subtracts and rounds relative to the given now", () => {
  assert.equal(at("now"), "2024-01-17T15:42:07.123Z");
  assert.equal(at("now-5d"), "2024-01-12T15:42:07.123Z");
  assert.equal(at("now+1h"), "2024-01-17T16:42:07.123Z");
  assert.equal(at("now-1h/d"), "2024-01-17T00:00:00.000Z");
  assert.equal(at("now-1h/d", true), "2024-01-17T23:59:59.999Z");
  assert.equal(at("now/w"), "2024-01-15T00:00:00.000Z");
  assert.equal(at("now/M"), "2024-01-01T00:00:00.000Z");
  assert.equal(at("now/y", true), "2024-12-31T23:59:59.999Z");
  assert.equal(at("now-30m/h"), "2024-01-17T15:00:00.000Z");
  assert.equal(at("now-1M"), "2023-12-17T15:42:07.123Z");
  assert.equal(at("now+2w"), "2024-01-31T15:42:07.123Z");
  assert.equal(at("now-10s/m"), "2024-01-17T15:41:00.000Z");
  assert.equal(at("now-d"), "2024-01-16T15:42:07.123Z");
});

Deno.test("month arithmetic keeps the day within the month like java.time", () => {
  assert.equal(at("2024-01-31||+1M"), "2024-02-29T00:00:00.000Z");
  assert.equal(at("2023-03-31||-1M"), "2023-02-28T00:00:00.000Z");
  assert.equal(at("2024-02-29||+1y"), "2025-02-28T00:00:00.000Z");
  assert.equal(at("2024-01-01||+1d/d", true), "2024-01-02T23:59:59.999Z");
});

Deno.test("anything else is no date", () => {
  for (
    const text of [
      "",
      "yesterday",
      "2024-13-01",
      "2024-02-30",
      "2024-01-01 24:00",
      "24-01-01",
      "now-5x",
      "now-",
      "2024/01/01",
      "1700000000000",
      "now-99999999999999y",
    ]
  ) {
    assert.equal(parseDateBound(text, NOW, false), null, text);
  }
});

Deno.test("timestamps are formatted for DuckDB and clamped to the years it casts", () => {
  assert.equal(formatTimestamp(Date.UTC(2024, 0, 2, 3, 4, 5, 6)), "2024-01-02 03:04:05.006");
  assert.equal(formatTimestamp(8.64e15), "9999-12-31 23:59:59.999");
  assert.equal(formatTimestamp(-8.64e15), "0001-01-01 00:00:00.000");
});
