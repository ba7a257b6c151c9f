import assert from "node:assert/strict";
import { gelfParser } from "../../../mock-backend/import/gelf.ts";
import { importFiles } from "../../../mock-backend/import/import-files.ts";
import { PARSERS } from "../../../mock-backend/import/parsers.ts";
import { rawParser } from "../../../mock-backend/import/raw.ts";
import { withStore } from "../store/with-store.ts";

const context = { year: 2024, now: Date.UTC(2024, 5, 1, 8), defaultSource: "app.log" };

Deno.test("a GELF line maps host, short and full message, fractional timestamp, level and extra fields", () => {
  const result = gelfParser.parse(
    JSON.stringify({
      version: "1.1",
      host: "example.org",
      short_message: "A short message",
      full_message: "Backtrace here\n\nmore stuff",
      timestamp: 1385053862.3072,
      level: 1,
      _user_id: 9001,
      _some_info: "foo",
      _nested: { a: 1 },
      _id: "ignored",
    }),
    context,
  );
  assert.ok(result.ok);
  assert.deepEqual(result.message, {
    timestamp: 1385053862307,
    source: "example.org",
    message: "A short message",
    fullMessage: "Backtrace here\n\nmore stuff",
    level: 1,
    fields: { user_id: 9001, some_info: "foo", nested: '{"a":1}' },
  });
});

Deno.test("a GELF line without a timestamp gets the import time", () => {
  const result = gelfParser.parse('{"version":"1.1","host":"h","short_message":"m"}', context);
  assert.ok(result.ok);
  assert.equal(result.message.timestamp, context.now);
});

Deno.test("GELF rejects bad JSON and documents without host or short_message", () => {
  for (
    const [line, reason] of [
      ["{not json", "invalid JSON"],
      ["[1,2]", "not a JSON object"],
      ['{"short_message":"m"}', "missing host"],
      ['{"host":"h"}', "missing short_message"],
      ['{"host":"h","short_message":"m","timestamp":"soon"}', "invalid timestamp"],
    ]
  ) {
    assert.deepEqual(gelfParser.parse(line, context), { ok: false, reason }, line);
  }
});

Deno.test("a raw line is the message, stamped with the import time", () => {
  assert.deepEqual(rawParser.parse("anything at all: 42", context), {
    ok: true,
    message: { timestamp: context.now, source: "app.log", message: "anything at all: 42" },
  });
  assert.deepEqual(rawParser.parse("   ", context), { ok: false, reason: "empty line" });
});

Deno.test("every import format has a parser with a description", () => {
  assert.deepEqual(Object.keys(PARSERS).sort(), ["apache", "gelf", "raw", "syslog"]);
  for (const parser of Object.values(PARSERS)) assert.ok(parser.description.length > 0);
});

Deno.test("a bad line never stops an import: good lines around it are stored, rejects reported with examples", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/app.gelf`;
    const good = (n: number) =>
      JSON.stringify({ version: "1.1", host: "h", short_message: `m${n}`, timestamp: 1700000000 + n, _n: n });
    await Deno.writeTextFile(file, [good(1), "garbage", good(2), "{}", "more garbage", good(3)].join("\r\n"));
    await withStore(async (store) => {
      const report = await importFiles(store, { format: "gelf", files: [file], examples: 1 });
      assert.equal(report.read, 6);
      assert.equal(report.stored, 3);
      assert.equal(report.rejected, 3);
      assert.deepEqual(
        report.reasons.map((reason) => [reason.reason, reason.count, reason.examples.length]),
        [
          ["invalid JSON", 2, 1],
          ["missing host", 1, 1],
        ],
      );
      assert.equal(report.reasons[0].examples[0].line, 2);
      assert.equal(store.catalog().field("n")?.type, "long");
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
