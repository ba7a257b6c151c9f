import assert from "node:assert/strict";
import { apacheParser } from "../../../mock-backend/import/apache.ts";
import { importFiles } from "../../../mock-backend/import/import-files.ts";
import { WEB_STREAM_ID } from "../../../fixtures/seed-streams.ts";
import { withStore } from "../store/with-store.ts";

const APACHE_LOG = new URL("../../data/apache_access_10k.log", import.meta.url).pathname;
const context = { year: 2024, now: Date.UTC(2024, 0, 1), defaultSource: "access.log" };

function parsed(line: string) {
  const result = apacheParser.parse(line, context);
  assert.ok(result.ok, `rejected: ${!result.ok && result.reason}`);
  return result.message;
}

Deno.test("a combined-format line gives every field, under the demo data's names for the same things", () => {
  const message = parsed(
    '83.149.9.216 - - [17/May/2015:10:05:03 +0000] "GET /presentations/logstash-monitorama-2013/images/kibana-search.png HTTP/1.1" 200 203023 "http://semicomplete.com/presentations/logstash-monitorama-2013/" "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/32.0.1700.77 Safari/537.36"',
  );
  assert.equal(message.timestamp, Date.UTC(2015, 4, 17, 10, 5, 3));
  assert.deepEqual(message.fields, {
    client_ip: "83.149.9.216",
    ident: "-",
    auth: "-",
    http_method: "GET",
    http_path: "/presentations/logstash-monitorama-2013/images/kibana-search.png",
    http_version: "HTTP/1.1",
    http_response_code: 200,
    bytes: 203023,
    http_referrer: "http://semicomplete.com/presentations/logstash-monitorama-2013/",
    user_agent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/32.0.1700.77 Safari/537.36",
  });
  assert.equal(message.source, "access.log");
});

Deno.test("a common-format line (no referrer, no agent) parses, with the time zone offset applied", () => {
  const message = parsed(
    '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326',
  );
  assert.equal(message.timestamp, Date.UTC(2000, 9, 10, 20, 55, 36));
  assert.equal(message.fields?.auth, "frank");
  assert.equal(message.fields?.http_version, "HTTP/1.0");
  assert.equal(message.fields?.user_agent, undefined);
});

Deno.test("bytes '-' leaves the bytes field out", () => {
  const message = parsed(
    '218.30.103.62 - - [17/May/2015:11:05:11 +0000] "GET /robots.txt HTTP/1.1" 200 - "-" "Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)"',
  );
  assert.equal(message.fields?.bytes, undefined);
  assert.equal(message.fields?.http_response_code, 200);
  assert.equal(message.fields?.http_referrer, "-");
});

Deno.test("a request line that is no 'METHOD path HTTP/x' is kept as rawrequest", () => {
  const message = parsed('10.0.0.1 - - [17/May/2015:11:05:11 +0000] "\\x16\\x03\\x01" 400 226 "-" "-"');
  assert.equal(message.fields?.rawrequest, "\\x16\\x03\\x01");
  assert.equal(message.fields?.http_method, undefined);
});

Deno.test("apache rejects lines that are no access log lines, with a reason", () => {
  for (
    const [line, reason] of [
      ["", "empty line"],
      ["hello world", "not an access log line"],
      [
        '1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 12 "-" "truncated',
        "not an access log line",
      ],
      ['1.2.3.4 - - [32/May/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 12', "invalid timestamp"],
      ['1.2.3.4 - - [17/Foo/2015:10:05:03 +0000] "GET / HTTP/1.1" 200 12', "invalid timestamp"],
    ]
  ) {
    const result = apacheParser.parse(line, context);
    assert.deepEqual(result, { ok: false, reason }, line);
  }
});

Deno.test("importing the shared Apache log stores 9,999 of 10,000 lines and reports the truncated one", async () => {
  await withStore(async (store, db) => {
    const report = await importFiles(store, { format: "apache", files: [APACHE_LOG] });
    assert.equal(report.read, 10_000);
    assert.equal(report.stored, 9_999);
    assert.equal(report.rejected, 1);
    assert.equal(report.reasons[0].reason, "not an access log line");
    assert.equal(report.reasons[0].examples[0].line, 8899);
    assert.equal(await store.count(), 9_999);
    const catalog = store.catalog();
    assert.equal(catalog.field("http_response_code")?.type, "long");
    assert.equal(catalog.field("bytes")?.type, "long");
    assert.equal(catalog.field("client_ip")?.type, "string");

    // The file's first line (not its earliest message: later lines go back to 10:05:00).
    const first = await db.first<{ index_name: string; _id: string }>(
      `SELECT index_name, _id FROM messages WHERE ${catalog.field("http_path")!.valueSql} = ? AND ${
        catalog.field("client_ip")!.valueSql
      } = ?
       AND timestamp = '2015-05-17 10:05:03'`,
      ["/presentations/logstash-monitorama-2013/images/kibana-search.png", "83.149.9.216"],
    );
    const { fields } = (await store.getMessage(first!.index_name, first!._id))!;
    assert.equal(fields.timestamp, "2015-05-17T10:05:03.000Z");
    assert.equal(fields.client_ip, "83.149.9.216");
    assert.equal(fields.http_path, "/presentations/logstash-monitorama-2013/images/kibana-search.png");
    assert.equal(fields.http_response_code, 200);
    assert.equal(fields.bytes, 203023);
    assert.ok((fields.streams as string[]).includes(WEB_STREAM_ID));

    const dashBytes = await db.first<{ n: bigint }>(
      `SELECT count(*) AS n FROM messages WHERE ${catalog.field("bytes")!.valueSql} IS NULL AND ${
        catalog.field("client_ip")!.valueSql
      } = '218.30.103.62'`,
    );
    assert.ok(Number(dashBytes?.n) >= 2);
    const notFound = await db.first<{ n: bigint }>(
      `SELECT count(*) AS n FROM messages WHERE ${catalog.field("http_response_code")!.valueSql} = 404`,
    );
    const expected = (await Deno.readTextFile(APACHE_LOG)).split("\n").filter((line) =>
      / 404 (\d+|-)( |$)/.test(line) && line.includes('"-"') || / 404 (\d+|-) "/.test(line)
    ).length;
    assert.equal(Number(notFound?.n), expected);
  });
});

Deno.test("import --stream routes every imported message to that stream too; an unknown stream is refused", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/access.log`;
    await Deno.writeTextFile(file, '127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.0" 200 2326\n');
    await withStore(async (store) => {
      await assert.rejects(
        () => importFiles(store, { format: "apache", files: [file], stream: "nope" }),
        /Unknown stream nope/,
      );
      const report = await importFiles(store, {
        format: "apache",
        files: [file],
        stream: "5f0c1e5a0000000000000103",
      });
      assert.equal(report.stored, 1);
      assert.equal(await store.count({ streams: ["5f0c1e5a0000000000000103"] }), 1);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
