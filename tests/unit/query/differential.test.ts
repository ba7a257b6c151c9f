import assert from "node:assert/strict";
import type { DuckDBConnection } from "@duckdb/node-api";
import fc from "fast-check";
import { compileQuery, parseQuery, printQuery, type QueryNode } from "../../../mock-backend/query/mod.ts";
import { analyze, type FieldCatalog } from "../../../mock-backend/search/field-catalog.ts";
import {
  BASE_TIME,
  generateMessages,
  TEST_FIELDS,
  testCatalog,
  type TestMessage,
  withMessageTable,
} from "./message-fixture.ts";
import { matches } from "./reference-evaluator.ts";
import { queryArbitrary } from "./query-arbitraries.ts";

/**
 * Differential tests: for each query, the messages DuckDB selects with the compiled SQL are exactly those the
 * independent reference evaluator accepts, over 300 generated messages (fixed seed).
 */
const NOW = BASE_TIME + 3_600_000;
const MESSAGES = generateMessages();
const CATALOG = testCatalog({ allowLeadingWildcard: true });
/** The store's shortcuts: token texts for analysed fields, one keyword-values column for `action` and `user`. */
const STORE_CATALOG = testCatalog({ allowLeadingWildcard: true, storeColumns: true });
/** …and the term index: postings for the first INDEXED_ROWS messages, the rest scanned. */
const INDEX_CATALOG = testCatalog({ allowLeadingWildcard: true, storeColumns: true, termIndex: true });
const CATALOGS: [string, FieldCatalog][] = [
  ["token lists", CATALOG],
  ["store columns", STORE_CATALOG],
  ["term index", INDEX_CATALOG],
];

async function selectedIds(
  connection: DuckDBConnection,
  query: QueryNode,
  nullSafe = false,
  catalog: FieldCatalog = CATALOG,
): Promise<number[]> {
  const { sql, params } = compileQuery(query, catalog, { now: NOW, nullSafe });
  const reader = await connection.runAndReadAll(`SELECT id FROM messages WHERE ${sql} ORDER BY id`, params);
  return reader.getRows().map((row) => Number(row[0]));
}

function expectedIds(query: QueryNode, messages: TestMessage[] = MESSAGES): number[] {
  return messages.filter((row) => matches(query, row, { fields: TEST_FIELDS, now: NOW })).map((row) =>
    row.id
  );
}

async function assertSameMessages(connection: DuckDBConnection, text: string): Promise<number> {
  let query: QueryNode;
  try {
    query = parseQuery(text, { allowLeadingWildcard: true });
  } catch (error) {
    throw new Error(`query: ${text}`, { cause: error });
  }
  const expected = expectedIds(query);
  // Negated, the SQL must keep messages that lack the field (NULL is no match, not unknown).
  const negated = parseQuery(`NOT (${printQuery(query)})`, { allowLeadingWildcard: true });
  for (const [name, catalog] of CATALOGS) {
    assert.deepEqual(
      await selectedIds(connection, query, false, catalog),
      expected,
      `query (${name}): ${text}`,
    );
    assert.deepEqual(
      await selectedIds(connection, negated, false, catalog),
      expectedIds(negated),
      `query (${name}): NOT (${text})`,
    );
  }
  return expected.length;
}

const HAND_WRITTEN = [
  "*",
  "",
  "ssh",
  "SSH",
  "ssh login",
  "ssh AND login",
  "ssh OR login",
  "ssh AND NOT login",
  "NOT ssh",
  "-ssh -login",
  "+ssh -refused",
  "a AND b OR ssh",
  "ssh OR login AND failed",
  "ssh OR NOT login",
  "(ssh OR login) AND NOT failed",
  "message:alice",
  "message:ALICE",
  "message:alicia",
  "full_message:ssh",
  "foo-bar",
  "foo",
  "bar",
  "message:foo-bar",
  "don't",
  "größe",
  "GRÖSSE",
  "café",
  "naïve",
  "192.168.0.1",
  "example.com",
  "example",
  "404",
  "2024",
  '"connection refused"',
  '"refused connection"',
  '"connection refused"~1',
  '"refused connection"~2',
  '"ssh login failed"~3',
  'message:"alice bob"',
  'message:"from alice"~4',
  '""',
  '"!!!"',
  "source:web-01",
  "source:WEB-01",
  "source:web",
  "source:db.example.com",
  'source:"Web-02"',
  "source:größe-host",
  "source:GRÖSSE-HOST",
  "action:login",
  "action:Login",
  "action:LOGIN",
  'action:"GET /index"',
  "action:GET\\ \\/index",
  "action:a\\*b",
  "action:50%_off",
  "action:x\\\\y",
  "user:alice",
  "user:Alice",
  "NOT user:alice",
  "_exists_:user",
  "NOT _exists_:user",
  "user:*",
  "_exists_:nope",
  "NOT _exists_:nope",
  "nope:alice",
  "NOT nope:alice",
  "_exists_:full_message",
  "_exists_:http_status",
  "http_status:404",
  "http_status:404.0",
  "http_status:4e2",
  "http_status:abc",
  "http_status:404.5",
  "NOT http_status:404",
  "http_status:[400 TO 499]",
  "http_status:{400 TO 500}",
  "http_status:[400 TO 500}",
  "http_status:>=500",
  "http_status:>500",
  "http_status:<300",
  "http_status:<=301",
  "http_status:(>=400 AND <500)",
  "http_status:[399.5 TO 404.5]",
  "http_status:{399.5 TO 404.5}",
  "http_status:[* TO *]",
  "http_status:[a TO b]",
  "http_status:(200 OR 404)",
  "http_status:(200 404 500)",
  "took_ms:[10 TO 50.5]",
  "took_ms:>100",
  "took_ms:<=0.5",
  "took_ms:{* TO 20}",
  "took_ms:12.34",
  "timestamp:[now-1d TO now]",
  "timestamp:>now-2d",
  "timestamp:<now-3d\\/d",
  "timestamp:[now-4d/d TO now-2d/d]",
  "timestamp:{now-4d/d TO now-2d/d}",
  'timestamp:["2024-01-14 00:00:00.000" TO "2024-01-15 00:00:00.000"]',
  "timestamp:[2024-01-13 TO 2024-01-14]",
  "timestamp:{2024-01-13 TO 2024-01-14}",
  "timestamp:2024-01-14",
  "timestamp:2024-01",
  "timestamp:>=2024-01-16T06\\:00\\:00Z",
  "timestamp:<2024-01-12T00\\:00\\:00+02\\:00",
  "timestamp:nonsense",
  'timestamp:>="2024-01-16 10:00:00"',
  "timestamp:[2024-01-14||+12h TO 2024-01-14||+1d]",
  "ok:true",
  "ok:false",
  "NOT ok:true",
  "ok:yes",
  "ok:[* TO *]",
  "client_ip:10.0.1.5",
  "client_ip:10.0.1.*",
  "client_ip:[10.0.1.0 TO 10.0.1.5]",
  "ssh*",
  "log*",
  "a?ice",
  "*ice",
  "?lice",
  "message:Ali*",
  "source:web*",
  "source:WEB*",
  "source:*example*",
  "action:log*",
  "action:*\\**",
  "action:50\\%*",
  "user:?lice",
  "http_status:4*",
  "*:alice",
  "us\\*:alice",
  "\\*_ms:[0 TO 10]",
  "/ali.*/",
  "/Ali.*/",
  "message:/[a-c].*/",
  "source:/web-0[12]/",
  "source:/WEB-0[12]/",
  "action:/[lL]ogin/",
  "/.*\\d.*/",
  "action:/(GET|POST) \\/.*/",
  "/a@/",
  "/#/",
  '/"ssh"/',
  "user:/.{5}/",
  "alise~",
  "alise~1",
  "logn~1",
  "login~0",
  "source:web-03~1",
  "source:WEB-03~1",
  "action:logn~1",
  "user:alica~2",
  "größ~1",
  "[a TO b]",
  "[x TO *]",
  "message:[ssh TO ssh2]",
  "source:[a TO d]",
  "action:{Login TO logout]",
  "user:[b TO *]",
  "ssh^2",
  "(ssh login)^3",
  "ssh^2 OR login",
  "+ssh^2 -login^0.5",
  "ssh and login",
  "not ssh",
  "a + b",
  "ssh - login",
  "(ssh OR login) AND (alice OR bob) AND NOT (failed OR refused)",
  "-(ssh login)",
  "(-ssh) OR login",
  "NOT (NOT ssh)",
  "message:(ssh login)",
  "source:(web-01 OR cache)",
  "user:(alice -bob)",
  "_exists_:user AND NOT user:alice",
  "http_status:404 AND NOT _exists_:user",
  "ssh AND http_status:[400 TO *] AND NOT ok:true",
  // Bare terms and patterns decided on the keyword-values column (exact and case-sensitive there).
  "login",
  "Login",
  "logout",
  '"GET /index"',
  "GET\\ \\/index",
  "log*",
  "Log*",
  "*out",
  "*ogi*",
  "lo?in",
  "x\u001fy",
  "x*",
  "*y",
  "\u001e*",
  "*\u001d",
  "*\u001fy",
  "carol",
  "Alice",
  "*lice",
  "a\\*b",
  "50\\%_off",
];

Deno.test("hand-written queries select the same messages in DuckDB as in the reference evaluator", async () => {
  await withMessageTable(MESSAGES, async (connection) => {
    let nonEmpty = 0;
    for (const text of HAND_WRITTEN) if ((await assertSameMessages(connection, text)) > 0) nonEmpty++;
    // The fixture must make the comparison meaningful: most queries select something.
    assert.ok(
      nonEmpty > HAND_WRITTEN.length * 0.6,
      `only ${nonEmpty} of ${HAND_WRITTEN.length} queries matched anything`,
    );
  });
});

/**
 * Phrases of three and four words taken from the fixture's own texts (so they have hits, and the term index's
 * candidates — messages holding each pair — include messages holding the pairs apart), the same words reordered,
 * and sloppy forms of them: on postings these are candidates verified by the scanning test.
 */
function longPhrases(): string[] {
  const phrases = new Set<string>();
  for (const message of MESSAGES.slice(0, 60)) {
    const tokens = analyze(message.full_message ?? message.message);
    if (tokens.length < 3) continue;
    const words = tokens.slice(0, tokens.length >= 4 ? 4 : 3);
    phrases.add(`"${words.join(" ")}"`);
    phrases.add(`message:"${words.slice(0, 3).join(" ")}"`);
    phrases.add(`"${[...words].reverse().join(" ")}"`);
    phrases.add(`"${words.join(" ")}"~2`);
  }
  return [...phrases];
}

Deno.test("phrases of three or more words and sloppy phrases select the same messages on every catalog", async () => {
  await withMessageTable(MESSAGES, async (connection) => {
    const phrases = longPhrases();
    let nonEmpty = 0;
    for (const text of phrases) if ((await assertSameMessages(connection, text)) > 0) nonEmpty++;
    assert.ok(phrases.length >= 60, `only ${phrases.length} phrases`);
    assert.ok(nonEmpty >= phrases.length / 2, `only ${nonEmpty} of ${phrases.length} phrases matched anything`);
  });
});

Deno.test("generated queries select the same messages in DuckDB as in the reference evaluator", async () => {
  await withMessageTable(MESSAGES, async (connection) => {
    await fc.assert(
      fc.asyncProperty(queryArbitrary(), async (query) => {
        const text = printQuery(query);
        await assertSameMessages(connection, text);
      }),
      { numRuns: 400, seed: 4242 },
    );
  });
});

Deno.test("a null-safe predicate is TRUE or FALSE for every message, never NULL", async () => {
  await withMessageTable(MESSAGES, async (connection) => {
    for (
      const text of ["user:alice", "NOT user:alice", "message:ssh AND full_message:ssh", "http_status:>400"]
    ) {
      const { sql, params } = compileQuery(parseQuery(text), CATALOG, { now: NOW, nullSafe: true });
      const reader = await connection.runAndReadAll(
        `SELECT count(*) FILTER (WHERE (${sql}) IS NULL) FROM messages`,
        params,
      );
      assert.equal(Number(reader.getRows()[0][0]), 0, text);
    }
  });
});
