import assert from "node:assert/strict";
import { APP_ERRORS_STREAM_ID, SECURITY_STREAM_ID, WEB_STREAM_ID } from "../../../fixtures/seed-streams.ts";
import { DEFAULT_STREAM_ID } from "../../../shared/product.ts";
import { aMessage, withStore } from "./with-store.ts";

Deno.test("a message no rule matches goes to the default stream and the default index set", async () => {
  await withStore(async (store) => {
    await store.ingest([aMessage({ id: "m1" })]);
    const stored = await store.getMessage("graylog_0", "m1");
    assert.ok(stored);
    assert.deepEqual(stored.fields.streams, [DEFAULT_STREAM_ID]);
    assert.equal(stored.index, "graylog_0");
  });
});

Deno.test("stream rules route at ingest: presence, regex and a numeric comparison", async () => {
  await withStore(async (store) => {
    await store.ingest([
      aMessage({ id: "web", fields: { http_method: "GET", http_response_code: 200 } }),
      aMessage({ id: "ssh", fields: { application_name: "sshd" } }),
      aMessage({ id: "err", level: 3, fields: { service: "checkout" } }),
      aMessage({ id: "info", level: 6, fields: { service: "checkout" } }),
    ]);
    assert.deepEqual((await store.getMessage("graylog_0", "web"))?.fields.streams, [
      DEFAULT_STREAM_ID,
      WEB_STREAM_ID,
    ]);
    assert.deepEqual((await store.getMessage("graylog_0", "err"))?.fields.streams, [
      DEFAULT_STREAM_ID,
      APP_ERRORS_STREAM_ID,
    ]);
    assert.deepEqual((await store.getMessage("graylog_0", "info"))?.fields.streams, [DEFAULT_STREAM_ID]);
  });
});

Deno.test("a stream that removes its matches from the default stream writes them to its own index set only", async () => {
  await withStore(async (store) => {
    await store.ingest([aMessage({ id: "ssh", fields: { application_name: "sshd" } })]);
    assert.equal(await store.getMessage("graylog_0", "ssh"), null);
    const stored = await store.getMessage("security_0", "ssh");
    assert.deepEqual(stored?.fields.streams, [SECURITY_STREAM_ID]);
    assert.deepEqual(store.indices().map((index) => [index.name, index.docCount]), [["security_0", 1]]);
  });
});

Deno.test("an explicit stream (import --stream) is added beside the rule matches", async () => {
  await withStore(async (store) => {
    await store.ingest([aMessage({ id: "m", streams: [WEB_STREAM_ID] })]);
    assert.deepEqual((await store.getMessage("graylog_0", "m"))?.fields.streams, [
      DEFAULT_STREAM_ID,
      WEB_STREAM_ID,
    ]);
  });
});

Deno.test("indices rotate by message count and record their time ranges", async () => {
  await withStore(async (store) => {
    const base = Date.UTC(2024, 0, 1);
    await store.ingest(
      Array.from({ length: 7 }, (_, i) => aMessage({ id: `m${i}`, timestamp: base + i * 1000 })),
    );
    assert.deepEqual(
      store.indices().map((index) => [index.name, index.docCount, index.beginMs, index.endMs]),
      [
        ["graylog_0", 3, base, base + 2000],
        ["graylog_1", 3, base + 3000, base + 5000],
        ["graylog_2", 1, base + 6000, base + 6000],
      ],
    );
    assert.equal((await store.getMessage("graylog_1", "m4"))?.fields._id, "m4");
    assert.equal(await store.getMessage("graylog_0", "m4"), null);
  }, { maxDocsPerIndex: 3 });
});

Deno.test("a message has Graylog's fields: ISO timestamp, ULID message id, node, sizes", async () => {
  await withStore(async (store) => {
    await store.ingest([
      aMessage({ id: "m", timestamp: Date.UTC(2024, 5, 7, 12, 0, 0, 123), level: 4, facility: "local7" }),
    ]);
    const { fields } = (await store.getMessage("graylog_0", "m"))!;
    assert.equal(fields.timestamp, "2024-06-07T12:00:00.123Z");
    assert.match(String(fields.gl2_message_id), /^[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.equal(fields.level, 4);
    assert.equal(fields.facility, "local7");
    assert.equal(typeof fields.gl2_source_node, "string");
    assert.ok(Number(fields.gl2_accounted_message_size) > 0);
    assert.equal(fields.message_tokens, undefined);
  });
});

Deno.test("messages with equal timestamps get increasing gl2_message_ids in arrival order", async () => {
  await withStore(async (store, db) => {
    await store.ingest(Array.from({ length: 5 }, (_, i) => aMessage({ id: `m${i}` })));
    const rows = await db.all<{ _id: string }>("SELECT _id FROM messages ORDER BY gl2_message_id");
    assert.deepEqual(rows.map((row) => row._id), ["m0", "m1", "m2", "m3", "m4"]);
  });
});

Deno.test("the catalog types fields by their first value and reads them from typed columns", async () => {
  await withStore(async (store, db) => {
    await store.ingest([
      aMessage({
        fields: { http_response_code: 200, took: 1.5, ok: true, user: "alice", client_geolocation: "52.52,13.40" },
      }),
    ]);
    const catalog = store.catalog();
    assert.equal(catalog.field("http_response_code")?.type, "long");
    assert.equal(catalog.field("took")?.type, "double");
    assert.equal(catalog.field("ok")?.type, "boolean");
    assert.equal(catalog.field("user")?.type, "string");
    assert.equal(catalog.field("user")?.matching, "keyword");
    assert.equal(catalog.field("client_geolocation")?.type, "geo-point");
    assert.equal(catalog.field("message")?.matching, "analyzed");
    assert.equal(catalog.field("source")?.matching, "keyword-ci");
    assert.equal(catalog.field("timestamp")?.type, "date");
    assert.equal(catalog.field("nonexistent"), null);
    const row = await db.first<{ n: bigint }>(
      `SELECT count(*) AS n FROM messages WHERE ${catalog.field("http_response_code")!.valueSql} = 200`,
    );
    assert.equal(row?.n, 1n);
    const tokens = await db.first<{ t: string[] }>(
      `SELECT ${catalog.field("message")!.tokensSql} AS t FROM messages`,
    );
    assert.deepEqual(tokens?.t, ["something", "happened"]);
    assert.ok(catalog.listed().some((field) => field.name === "streams"));
    assert.deepEqual(catalog.listed().find((field) => field.name === "http_response_code")?.properties, [
      "enumerable",
      "numeric",
    ]);
  });
});

Deno.test("a whole number field widens to double; a value that fits no number is dropped, the message kept", async () => {
  await withStore(async (store) => {
    await store.ingest([aMessage({ id: "a", fields: { took: 3 } })]);
    const result = await store.ingest([
      aMessage({ id: "b", fields: { took: 2.5 } }),
      aMessage({ id: "c", fields: { took: "slow" } }),
    ]);
    assert.equal(result.fieldConflicts, 1);
    assert.equal(store.catalog().field("took")?.type, "double");
    assert.equal((await store.getMessage("graylog_0", "b"))?.fields.took, 2.5);
    assert.equal((await store.getMessage("graylog_0", "c"))?.fields.took, undefined);
  });
});

Deno.test("field names differing only in case get their own columns", async () => {
  await withStore(async (store) => {
    await store.ingest([aMessage({ id: "m", fields: { User: "A", user: "b" } })]);
    const { fields } = (await store.getMessage("graylog_0", "m"))!;
    assert.equal(fields.User, "A");
    assert.equal(fields.user, "b");
  });
});

Deno.test("the catalog for streams and a time range lists only fields seen there", async () => {
  await withStore(async (store) => {
    const day = 86_400_000;
    const t0 = Date.UTC(2024, 0, 1);
    await store.ingest([aMessage({ timestamp: t0, fields: { early_field: "x" } })]);
    await store.ingest([aMessage({ timestamp: t0 + 10 * day, fields: { late_field: "y" } })]);
    await store.ingest([
      aMessage({ timestamp: t0 + 10 * day, fields: { application_name: "sshd", ssh_only: "z" } }),
    ]);
    const names = (scope: Parameters<typeof store.catalog>[0]) =>
      store.catalog(scope).fields().map((field) => field.name);
    assert.ok(names({ from: t0 + 5 * day }).includes("late_field"));
    assert.ok(!names({ from: t0 + 5 * day }).includes("early_field"));
    assert.ok(!names({ streams: [DEFAULT_STREAM_ID] }).includes("ssh_only"));
    assert.ok(names({ streams: [SECURITY_STREAM_ID] }).includes("ssh_only"));
    assert.ok(names({}).includes("early_field"));
    assert.ok(names({ streams: [SECURITY_STREAM_ID] }).includes("message"));
  }, { maxDocsPerIndex: 1 });
});

Deno.test("messages, indices, fields and presence survive closing and reopening a database file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/store.duckdb`;
    await withStore(async (store) => {
      await store.ingest([aMessage({ id: "kept", fields: { http_response_code: 404, http_method: "GET" } })]);
    }, { path });
    await withStore(async (store) => {
      assert.equal(await store.count(), 1);
      assert.equal((await store.getMessage("graylog_0", "kept"))?.fields.http_response_code, 404);
      assert.equal(store.catalog().field("http_response_code")?.type, "long");
      assert.ok(store.catalog({ streams: [WEB_STREAM_ID] }).field("http_response_code"));
      await store.ingest([aMessage({ id: "next", fields: { http_response_code: 500 } })]);
      assert.deepEqual(store.indices().map((index) => [index.name, index.docCount]), [["graylog_0", 2]]);
    }, { path });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a batch out of time order is stored in time order", async () => {
  await withStore(async (store, db) => {
    await store.ingest([
      aMessage({ id: "late", timestamp: 2000 }),
      aMessage({ id: "early", timestamp: 1000 }),
    ]);
    const rows = await db.all<{ _id: string }>("SELECT _id FROM messages");
    assert.deepEqual(rows.map((row) => row._id), ["early", "late"]);
  });
});

Deno.test("count narrows by time range and streams", async () => {
  await withStore(async (store) => {
    await store.ingest([
      aMessage({ timestamp: 1000 }),
      aMessage({ timestamp: 2000, fields: { http_method: "GET" } }),
      aMessage({ timestamp: 3000 }),
    ]);
    assert.equal(await store.count(), 3);
    assert.equal(await store.count({ from: 1500, to: 2500 }), 1);
    assert.equal(await store.count({ streams: [WEB_STREAM_ID] }), 1);
  });
});
