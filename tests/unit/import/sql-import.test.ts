import assert from "node:assert/strict";
import { SECURITY_STREAM_ID, WEB_STREAM_ID } from "../../../fixtures/seed-streams.ts";
import type { Database } from "../../../mock-backend/database.ts";
import {
  importFiles,
  type ImportOptions,
  type ImportReport,
} from "../../../mock-backend/import/import-files.ts";
import { importBySql } from "../../../mock-backend/import/sql-import.ts";
import type { MessageStore, MessageStoreOptions } from "../../../mock-backend/message-store.ts";
import { withStore } from "../store/with-store.ts";

/**
 * The import done by DuckDB (sql-import.ts) against the JS path: the same files into two fresh databases must give
 * the same stored rows in the same order, column by column, the same field types, field presence, index ranges
 * and report. What is random (`_id`, the ULID `gl2_message_id`) is compared by shape: which rows share a value,
 * ULIDs ascending in row order; the receive times (clock readings) must ascend in row order.
 */

const APACHE_LOG = new URL("../../data/apache_access_10k.log", import.meta.url).pathname;
const NOW = Date.UTC(2024, 2, 3, 4, 5, 6);

/** Lines that exercise the corners of the Apache parse, the token text and the JS fallback per line. */
const AWKWARD_LINES = [
  '83.149.9.216 - - [17/May/2015:10:05:03 +0000] "GET /a/b.png HTTP/1.1" 200 203023 "http://x.com/" "Mozilla/5.0 (X11)"',
  "",
  "   \t ",
  "hello world",
  '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 12 "-" "truncated',
  '1.2.3.4 - - [32/May/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 12',
  '1.2.3.4 - - [17/Foo/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 12',
  '1.2.3.4 - - [17/may/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 12',
  '1.2.3.4 - - [31/Apr/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 12',
  '1.2.3.4 - - [29/Feb/2016:23:59:60 +0000] "GET / HTTP/1.1" 200 12',
  '1.2.3.4 - - [29/Feb/2016:12:59:60 +0000] "GET /leap HTTP/1.1" 200 12',
  '1.2.3.4 - - [01/Jan/0099:00:00:00 +0000] "GET /year99 HTTP/1.1" 200 12',
  '1.2.3.4 - - [17/May/2015:24:00:00 +0000] "GET / HTTP/1.1" 200 12',
  '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326',
  '10.0.0.1 - - [17/May/2015:11:05:11 +0530] "\\x16\\x03\\x01" 400 226 "-" "-"',
  '10.0.0.2 - - [17/May/2015:11:05:12 +0000] "GET /robots.txt HTTP/1.1" 200 - "-" "Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)"',
  '10.0.0.3 - - [17/May/2015:09:00:00 +0000] "GET /q?a=\\"b\\"&c=d\\\\e HTTP/1.1" 304 00123 "say \\"hi\\" \\\\ there" "Agent \\"X\\""',
  '10.0.0.4 - - [17/May/2015:09:00:01 +0000] "POST /don\'t/..stop/.x./\'a\'/b..c HTTP/2" - 0 "" ""',
  '10.0.0.5 - - [17/May/2015:09:00:02 +0000] "GET /ünïcödé?q=Straße HTTP/1.1" 200 5 "-" "Ωmega ΣΑΣ İstanbul"',
  '10.0.0.6 - - [17/May/2015:09:00:03 +0000] "GET /crlf HTTP/1.1" 200 5 "-" "-"\r',
  '10.0.0.6 - - [17/May/2015:09:00:03 +0000] "GET /two-cr HTTP/1.1" 200 5 "-" "-"\r\r',
  '10.0.0.6 - - [17/May/2015:09:00:03 +0000] "GET /cr-inside HTTP/1.1" 200 5 "-\r" "-"',
  '10.0.0.7 - - [17/May/2015:09:00:04 +0000] "GET /ctl\u0001\u001f\u001e HTTP/1.1" 200 5 "-" "a\u001fb"',
  '10.0.0.8 - user name [17/May/2015:09:00:05 +0000] "GET /big HTTP/1.1" 200 12345678901234567 "-" "-"',
  '10.0.0.9 - - [17/May/2015:08:59:59 +0000] "get /lower HTTP/1.1" 200 5 "-" "-"   ',
  '10.0.0.10 - - [17/May/2015:08:59:59 +0000] "GET /tab\tin HTTP/1.1" 200 5 "-" "UPPER Case.Tokens A.B. x\'y\' \'z"',
  "\u00a0",
  '10.0.0.11 - - [17/May/2015:08:59:58 +0000] "GET /same-second HTTP/1.1" 200 5',
];

async function awkwardFile(dir: string): Promise<string> {
  const path = `${dir}/awkward access.log`;
  // A BOM first (the JS reader drops it) and no newline after the last line.
  await Deno.writeTextFile(path, "\uFEFF" + AWKWARD_LINES.join("\n"));
  return path;
}

interface StoredState {
  columns: string[];
  rows: Record<string, unknown>[];
  fields: unknown[];
  presence: unknown[];
  indices: unknown[];
  listed: unknown[];
  memoryIndices: unknown[];
}

/** Values that differ run to run (random ids, the node), replaced by which earlier row they equal. */
const BY_SHAPE = [
  "_id",
  "gl2_message_id",
  "gl2_source_node",
];
/**
 * One clock reading per batch: ascending in row order. Not compared by shape: two small batches can be written
 * within one millisecond on either path, so which batches share a reading is chance.
 */
const CLOCK_READINGS = ["gl2_receive_timestamp", "gl2_processing_timestamp"];

async function storedState(store: MessageStore, db: Database): Promise<StoredState> {
  const columns = (await db.all<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'messages' ORDER BY ordinal_position",
  )).map((row) => row.column_name);
  const raw = await db.all("SELECT * FROM messages ORDER BY rowid");
  const firstSeen = new Map<string, Map<string, number>>(BY_SHAPE.map((name) => [name, new Map()]));
  let previousUlid = "";
  const rows = raw.map((row, i) => {
    const copy: Record<string, unknown> = { ...row };
    const ulid = String(row.gl2_message_id);
    assert.match(ulid, /^[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.ok(ulid >= previousUlid, `ULIDs ascend in row order (row ${i})`);
    previousUlid = ulid;
    assert.match(String(row._id), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const name of CLOCK_READINGS) {
      const time = (row[name] as Date).getTime();
      if (i > 0) {
        assert.ok(time >= (raw[i - 1][name] as Date).getTime(), `${name} ascends in row order (row ${i})`);
      }
      copy[name] = "clock";
    }
    for (const name of BY_SHAPE) {
      const seen = firstSeen.get(name)!;
      const key = String(row[name] instanceof Date ? (row[name] as Date).getTime() : row[name]);
      if (!seen.has(key)) seen.set(key, i);
      copy[name] = seen.get(key);
    }
    return copy;
  });
  return {
    columns,
    rows,
    fields: await db.all("SELECT * FROM message_fields ORDER BY name"),
    presence: await db.all("SELECT * FROM field_presence ORDER BY ALL"),
    indices: await db.all("SELECT * EXCLUDE (created_at) FROM indices ORDER BY name"),
    listed: store.catalog().listed(),
    // When an index was created and its range calculated are wall-clock times of each run.
    memoryIndices: store.indices().map(({ createdAtMs: _created, rangeCalculatedAtMs: _calculated, ...index }) => index),
  };
}

/** What both paths must report alike: all but the time taken and which path took the import. */
function comparableReport(report: ImportReport): Omit<ImportReport, "durationMs" | "javaScriptWork"> {
  const { durationMs: _, javaScriptWork: _path, ...rest } = report;
  return rest;
}

async function importBoth(
  files: string[],
  options: Partial<ImportOptions> = {},
  storeOptions: Partial<MessageStoreOptions> = {},
  before?: (store: MessageStore) => Promise<void>,
): Promise<{ js: [ImportReport, StoredState]; sql: [ImportReport, StoredState] }> {
  const run = (engine: "js" | "sql") =>
    withStore(async (store, db) => {
      await before?.(store);
      if (engine === "sql") {
        // The SQL path must take the import itself, not fall back.
        const direct = await importBySql(store, { format: "apache", files, now: NOW, ...options });
        assert.ok(!("skipped" in direct), `skipped: ${"skipped" in direct && direct.skipped}`);
        return [direct, await storedState(store, db)] as [ImportReport, StoredState];
      }
      const report = await importFiles(store, { format: "apache", files, now: NOW, ...options, engine });
      return [report, await storedState(store, db)] as [ImportReport, StoredState];
    }, storeOptions);
  return { js: await run("js"), sql: await run("sql") };
}

function assertSame(js: [ImportReport, StoredState], sql: [ImportReport, StoredState]): void {
  assert.deepEqual(comparableReport(sql[0]), comparableReport(js[0]));
  const [a, b] = [js[1], sql[1]];
  assert.deepEqual(b.columns, a.columns);
  assert.equal(b.rows.length, a.rows.length);
  for (let i = 0; i < a.rows.length; i++) assert.deepEqual(b.rows[i], a.rows[i], `row ${i}`);
  assert.deepEqual(b.fields, a.fields);
  assert.deepEqual(b.presence, a.presence);
  assert.deepEqual(b.indices, a.indices);
  assert.deepEqual(b.listed, a.listed);
  assert.deepEqual(b.memoryIndices, a.memoryIndices);
}

Deno.test("the SQL import stores the shared Apache log and awkward lines exactly as the JS path does", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const awkward = await awkwardFile(dir);
    const { js, sql } = await importBoth([APACHE_LOG, awkward]);
    assertSame(js, sql);
    assert.equal(js[0].read, 10_000 + AWKWARD_LINES.length);
    assert.equal(js[0].stored, 9_999 + 17);
    // Ties keep the order reasons first occur in: the shared log's truncated line comes before the empty ones.
    assert.deepEqual(js[0].reasons.map((reason) => [reason.reason, reason.count]), [
      ["invalid timestamp", 6],
      ["not an access log line", 3],
      ["empty line", 3],
    ]);
    assert.deepEqual(js[0].reasons[1].examples[0], {
      file: APACHE_LOG,
      line: 8899,
      text: (await Deno.readTextFile(APACHE_LOG)).split("\n")[8898].slice(0, 200),
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SQL import sorts each batch by time, rotates indices and writes two index sets as the JS path does", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const awkward = await awkwardFile(dir);
    // Small batches and indices: several batches with lines out of time order, rotation inside a batch; the
    // Security stream sits in a second index set and takes messages out of the default stream.
    const { js, sql } = await importBoth([awkward, awkward], { stream: SECURITY_STREAM_ID, examples: 5 }, {
      batchSize: 7,
      maxDocsPerIndex: 4,
    });
    assertSame(js, sql);
    const sets = new Set(js[1].rows.map((row) => String(row.index_name).replace(/_\d+$/, "")));
    assert.equal(sets.size, 2);
    assert.ok(js[1].indices.length > 4);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SQL import writes batches out of time order, several per INSERT and over several INSERTs, in the JS path's order", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const awkward = await awkwardFile(dir);
    // One index set: the rows are sorted into their batches once and written 8 batches per INSERT; 4 copies of
    // 17 messages in batches of 5 are 14 batches, so two INSERTs, with rotation every 6 documents.
    const { js, sql } = await importBoth([awkward, awkward, awkward, awkward], {}, {
      batchSize: 5,
      maxDocsPerIndex: 6,
    });
    assertSame(js, sql);
    assert.equal(js[1].rows.length, 68);
    assert.equal(js[1].indices.length, 12);
    // Each batch sorted by time on its own: the first row is the first batch's earliest line (year 99 is 1999),
    // and a later batch starts earlier than the one before it ends.
    assert.equal(js[1].rows[0].message, AWKWARD_LINES[11]);
    const times = js[1].rows.map((row) => (row.timestamp as Date).getTime());
    assert.ok(times.some((time, i) => i > 0 && time < times[i - 1]));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SQL import of a file in time order, with rejects between batches and rotation inside one, equals the JS path's", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/sorted.log`;
    const lines = Array.from(
      { length: 60 },
      (_, i) =>
        i % 9 === 4
          ? `bad line ${i}`
          : `10.0.0.${i} - - [17/May/2015:10:${
            String(Math.floor(i / 2)).padStart(2, "0")
          }:00 +0000] "GET /p/${i}.html HTTP/1.1" ${200 + i} ${i % 5 === 0 ? "-" : i * 10}${
            i % 3 === 0 ? "" : ` "-" "agent ${i}"`
          }`,
    );
    await Deno.writeTextFile(path, lines.join("\n") + "\n");
    const { js, sql } = await importBoth([path], {}, { batchSize: 8, maxDocsPerIndex: 11 });
    assertSame(js, sql);
    assert.equal(js[0].rejected, 7);
    assert.deepEqual(js[1].indices.map((index) => (index as { doc_count: bigint }).doc_count), [
      11n,
      11n,
      11n,
      11n,
      9n,
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SQL import adds to a database that already holds messages and fields as the JS path does", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const awkward = await awkwardFile(dir);
    const { js, sql } = await importBoth([awkward], {}, { maxDocsPerIndex: 10 }, async (store) => {
      await store.ingest([
        {
          timestamp: Date.UTC(2015, 4, 17),
          source: "h",
          message: "earlier",
          fields: { http_method: "PUT", other: 1 },
        },
      ]);
    });
    assertSame(js, sql);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SQL import leaves to the JS path what it cannot reproduce: a field of another type, a regex rule", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const awkward = await awkwardFile(dir);
    await withStore(async (store) => {
      await store.ingest([{ timestamp: 1, source: "h", message: "m", fields: { bytes: "many" } }]);
      const result = await importBySql(store, { format: "apache", files: [awkward], now: NOW });
      assert.deepEqual(result, { skipped: "field bytes is of type string" });
      const report = await importFiles(store, { format: "apache", files: [awkward], now: NOW });
      assert.equal(report.stored, 17);
      // `bytes` is a string field now: every numeric value fits it (as text); `-` gives none.
      assert.equal(report.fieldConflicts, 0);
    });
    await withStore(async (store, db) => {
      await db.run("INSERT INTO stream_rules VALUES ('r1', ?, 'user_agent', 2, 'Moz', false, '')", [
        SECURITY_STREAM_ID,
      ]);
      await store.reloadStreams();
      const result = await importBySql(store, { format: "apache", files: [awkward], now: NOW });
      assert.ok("skipped" in result && /stream rule r1/.test(result.skipped));
    });
    await withStore(async (store) => {
      const result = await importBySql(store, { format: "syslog", files: [awkward], now: NOW });
      assert.deepEqual(result, { skipped: "format syslog" });
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SQL import of raw lines equals the JS path's", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const awkward = await awkwardFile(dir);
    const { js, sql } = await importBoth([awkward, APACHE_LOG], { format: "raw" });
    assertSame(js, sql);
    assert.equal(js[0].rejected, 3);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SQL import reads files with empty lines, NUL bytes, CRLF or its line reader's delimiter line for line as the JS path does", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const line = (i: number, tail = "") =>
      `10.0.1.${i} - - [17/May/2015:10:0${
        i % 10
      }:00 +0000] "GET /f/${i} HTTP/1.1" 200 ${i} "-" "agent"${tail}`;
    const files: [string, string][] = [
      // DuckDB's CSV reader skips empty lines: the line counts of the JS reader catch it.
      ["empty-lines.log", [line(1), "", "", line(2), "", line(3), "", ""].join("\n")],
      ["leading-empty.log", ["", line(4), line(5)].join("\n") + "\n"],
      // The reader's delimiter (US RS) and its null text inside lines; a NUL it keeps.
      ["delimiter.log", [line(6, " \u001f\u001e"), line(7)].join("\n") + "\n"],
      ["null-text.log", [line(8), "sluice:no-line:\u001e", line(9)].join("\n") + "\n"],
      ["nul.log", [line(10, "\u0000"), "\u0000", line(11)].join("\n") + "\n"],
      ["crlf.log", [line(12), line(13), ""].join("\r\n")],
      ["only-newline.log", "\n"],
      ["empty.log", ""],
      ["clean.log", [line(14), line(15), line(16)].join("\n")],
    ];
    const paths: string[] = [];
    for (const [name, text] of files) {
      paths.push(`${dir}/${name}`);
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    const { js, sql } = await importBoth(paths, {}, { batchSize: 4 });
    assertSame(js, sql);
    assert.deepEqual(js[0].files.map((file) => file.read), [7, 3, 2, 3, 3, 2, 1, 0, 3]);
    assert.equal(js[0].stored, 14);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SQL import reads the times of combined-format lines, odd and invalid ones, as the JS path does", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const times = [
      "17/May/2015:10:05:03 +0000",
      "10/Oct/2000:13:55:36 -0700",
      "01/Jan/2015:00:30:00 +0130",
      "32/May/2015:10:05:03 +0000",
      "17/Foo/2015:10:05:03 +0000",
      "17/may/2015:10:05:03 +0000",
      "31/Apr/2015:10:05:03 +0000",
      "29/Feb/2016:23:59:60 +0000",
      "28/Feb/2015:12:59:60 +0000",
      "01/Jan/0099:00:00:00 +0000",
      "17/May/2015:24:00:00 +0000",
      "17/May/2015:23:60:00 +0000",
      "00/May/2015:10:00:00 +0000",
    ];
    const path = `${dir}/times.log`;
    await Deno.writeTextFile(
      path,
      times.map((time, i) => `10.0.2.${i} - user [${time}] "GET /t/${i} HTTP/1.1" 200 ${i} "-" "agent ${i}"`)
        .join("\n") + "\n",
    );
    const { js, sql } = await importBoth([path]);
    assertSame(js, sql);
    assert.equal(js[0].stored, 5);
    assert.deepEqual(js[0].reasons.map((reason) => [reason.reason, reason.count]), [[
      "invalid timestamp",
      8,
    ]]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the SQL import tells plain, common and blank lines apart as the JS path does", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const line = (agent: string, i: number) =>
      `10.0.3.${i} - - [17/May/2015:10:05:0${i % 10} +0000] "GET /p/${i} HTTP/1.1" 200 ${i} "-" "${agent}"`;
    // Common-shaped lines whose only odd character is one plain lines exclude (a common line is taken as plain
    // without a test of its own), whitespace-only lines of tabs and spaces (blank: "empty line"), and lines that
    // are neither.
    const lines = [
      line("plain agent", 0),
      line("tab\there", 1),
      line("caf\u00e9", 2),
      line("del\u007f", 3),
      line("nul\u0000", 4),
      line("bell\u0007", 5),
      line("~!#$%&'()*+,-./:;<=>?@^_`{|}", 6),
      " \t \t",
      "\t",
      "   ",
      " x ",
      "\t-\t",
      line("last", 7),
    ];
    const path = `${dir}/plain.log`;
    await Deno.writeTextFile(path, lines.join("\n") + "\n");
    const { js, sql } = await importBoth([path]);
    assertSame(js, sql);
    assert.equal(js[0].stored, 8);
    assert.deepEqual(
      js[0].reasons.map((reason) => [reason.reason, reason.count]).sort(),
      [["empty line", 3], ["not an access log line", 2]],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Syslog lines of both RFCs, with and without `<PRI>`, some beyond ASCII (parsed per line in JS on the fast path too). */
function syslogLines(count: number): string[] {
  const hosts = ["web-01", "db-02", "bastion", "fw-01"];
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const host = hosts[i % hosts.length];
    const second = String(i % 60).padStart(2, "0");
    const minute = String(Math.floor(i / 60) % 60).padStart(2, "0");
    switch (i % 5) {
      case 0:
        lines.push(`<34>Oct 11 22:${minute}:${second} ${host} sshd[${1000 + i}]: Failed password for root from 10.0.${i % 7}.${i % 200} port ${40000 + i} ssh2`);
        break;
      case 1:
        lines.push(`Oct  1 03:${minute}:${second} ${host} CRON[${i}]: (root) CMD (run-parts /etc/cron.hourly)`);
        break;
      case 2:
        lines.push(`<165>1 2025-03-04T05:${minute}:${second}.${String(i % 1000).padStart(3, "0")}Z ${host} app ${i} ID47 [exampleSDID@32473 iut="3" eventSource="Application"] user ${i} logged in`);
        break;
      case 3:
        lines.push(`<13>Mar  4 05:${minute}:${second} ${host} kernel: [${i}.123] eth0: link up, Grüße ${i}`);
        break;
      default:
        lines.push(i % 50 === 4 ? "" : `${host} not quite syslog, line ${i}`);
    }
  }
  return lines;
}

Deno.test("syslog lines (as raw lines, the format DuckDB parses them in) are stored alike by the chain and the fast path", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/syslog`;
    await Deno.writeTextFile(path, syslogLines(3000).join("\n") + "\n");
    const { js, sql } = await importBoth([path], { format: "raw" }, { batchSize: 1000 });
    assertSame(js, sql);
    assert.equal(js[0].stored, 3000 - 60); // every 50th line is empty
    assert.deepEqual(js[0].timeRange, { from: NOW, to: NOW });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("with the Stream Rule Processor disabled the chain and the fast path store the same rows, none in the web stream", async () => {
  const { js, sql } = await importBoth([APACHE_LOG], {}, {}, (store) => {
    store.chain.configure({
      processor_order: [],
      disabled_processors: ["org.graylog2.messageprocessors.StreamMatcherFilterProcessor"],
    });
    return Promise.resolve();
  });
  assertSame(js, sql);
  assert.ok(js[1].rows.every((row) => (row.streams as string[]).length === 1));
  assert.ok(js[1].rows.every((row) => !(row.streams as string[]).includes(WEB_STREAM_ID)));
});

Deno.test("an import reports the time range it stored, and why it did not take the fast path", async () => {
  await withStore(async (store) => {
    const apache = await importFiles(store, { format: "apache", files: [APACHE_LOG], now: NOW });
    assert.equal(apache.javaScriptWork, null);
    assert.deepEqual(apache.timeRange, { from: Date.UTC(2015, 4, 17, 10, 5), to: Date.UTC(2015, 4, 20, 21, 5, 59) });
  });
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/syslog`;
    await Deno.writeTextFile(path, syslogLines(10).join("\n"));
    await withStore(async (store) => {
      const syslog = await importFiles(store, { format: "syslog", files: [path], now: NOW, year: 2025 });
      assert.equal(syslog.javaScriptWork, "the syslog format is parsed in JavaScript");
      assert.deepEqual(syslog.timeRange, {
        from: Date.UTC(2025, 2, 4, 5, 0, 2, 2),
        to: Date.UTC(2025, 9, 11, 22, 0, 5),
      });
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
