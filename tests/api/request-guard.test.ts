/** The door of /api: size, encoding, nesting and Unicode of request bodies are checked before any route. */
import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { CLUSTER_CONFIGS } from "../../api/schemas/cluster-config.ts";
import { apiSuite } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("the door of /api refuses what no route should see", { limits: { maxBodyBytes: 64 * 1024 } });

const SEARCHES_CONFIG = "/system/cluster_config/org.graylog2.indexer.searches.SearchesClusterConfig";
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

/** Every JSON string body the known 500s came through (lone surrogates reached DuckDB). */
const STRING_BODIES: [string, string][] = [
  ["PUT", SEARCHES_CONFIG],
  ["POST", "/views"],
  ["POST", "/views/search"],
  ["POST", "/views/search/sync"],
  ["POST", "/search/decorators"],
  ["POST", "/entitylists/preferences/streams"],
  ["POST", "/views/export"],
];

suite.test("a JSON string with an unpaired UTF-16 surrogate is refused with 400 naming it, on every call that reads a body", async (h) => {
  for (const [method, path] of STRING_BODIES) {
    for (const text of ["\\udfff\\ud800", "ok \\ud800", "\\udc00 at the start"]) {
      const answer = await h.call(method as "PUT" | "POST", path, { body: `{"title":"${text}","query_time_range_limit":"${text}"}` });
      assert.equal(answer.status, 400, `${method} ${path} with ${text}`);
      assert.match(assertSchema(ApiErrorSchema, answer.body).message, /unpaired UTF-16 surrogate \(\\u[dD][89a-fA-F]/);
    }
  }
  // A well-formed pair (an emoji written as escapes) is Unicode and passes the door.
  const body = { ...CLUSTER_CONFIGS["org.graylog2.indexer.searches.SearchesClusterConfig"].defaults };
  const emoji = JSON.stringify(body).replace(/"P\w+"/, '"\\ud83d\\ude00"');
  const answer = await h.call("PUT", SEARCHES_CONFIG, { body: emoji });
  assert.doesNotMatch(JSON.stringify(answer.body), /surrogate/);
});

suite.test("a body nested deeper than 64 levels is refused with 400 before it is parsed; 64 levels pass the door", async (h) => {
  const deep = await h.call("POST", "/views", { body: `{"type":"SEARCH","title":"x","search_id":"5f0000000000000000000001","state":${nested(10_000)}}` });
  assert.equal(deep.status, 400);
  assert.match(assertSchema(ApiErrorSchema, deep.body).message, /nest deeper than 64 levels/);
  const fine = await h.call("POST", "/search/validate", { body: `{"query":"*","x":${nested(63)}}` });
  assert.doesNotMatch(JSON.stringify(fine.body), /nest deeper/);
});

suite.test("a body over the configured size is refused with 413; one just under it is read", async (h) => {
  const big = await h.call("POST", "/search/validate", { body: JSON.stringify({ query: "x".repeat(64 * 1024) }) });
  assert.equal(big.status, 413);
  assert.deepEqual(big.body, { type: "ApiError", message: "Request body too large: at most 65536 bytes are accepted." });
  const under = await h.call("POST", "/search/validate", { body: JSON.stringify({ query: "x".repeat(1000) }) });
  assert.equal(under.status, 200);
});

suite.test("bytes that are not UTF-8 are refused with 400", async (h) => {
  const answer = await h.call("POST", "/search/validate", { body: new Uint8Array([0x7b, 0x22, 0x71, 0xff, 0x22, 0x3a, 0x31, 0x7d]) });
  assert.equal(answer.status, 400);
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, /not valid UTF-8/);
});

suite.test("bad Lucene, unknown time zones and bad dates in the universal search and its exports answer 400 naming the problem", async (h) => {
  const cases: [string, RegExp][] = [
    ["/search/universal/relative?query=foo%3A(bar&range=300", /^Cannot parse query: .*line 1, column \d+/],
    ["/search/universal/relative/export?fields=message&query=a%20AND&range=300", /^Cannot parse query: .*line 1, column 3/],
    ["/search/universal/absolute?query=(&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z", /^Cannot parse query/],
    ["/search/universal/absolute/export?fields=message&query=*&from=junk&to=2026-01-02T00:00:00Z", /'junk' is not a date and time/],
    ["/search/universal/keyword?keyword=last%205%20minutes&timezone=junk", /unknown time zone 'junk'/],
    ["/search/universal/keyword/export?fields=message&keyword=last%205%20minutes&query=%5B1%20TO", /^Cannot parse query/],
  ];
  for (const [path, message] of cases) {
    const answer = await h.call("GET", path);
    assert.equal(answer.status, 400, path);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, message, path);
  }
});

suite.test("a real server fault answers 500 with a request id that the X-Request-Id header also carries", async (h) => {
  const failing = h.backend.system.info;
  h.backend.system.info = () => Promise.reject(new Error("disk on fire"));
  const errors: unknown[][] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    const answer = await h.call("GET", "/system");
    assert.equal(answer.status, 500);
    const body = answer.body as { message: string; request_id: string };
    assert.equal(body.request_id, answer.headers.get("X-Request-Id"));
    assert.equal(body.message, `Internal server error (request id ${body.request_id}).`);
    assert.ok(errors.some((args) => String(args[0]).includes(body.request_id)), "the log names the request id");
  } finally {
    h.backend.system.info = failing;
    console.error = consoleError;
  }
});

suite.test("a request whose client went away while its body was read is not logged as a server fault", async (h) => {
  const errors: unknown[][] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    // What Deno's server hands a route when the browser aborts a fetch (a navigation) before its body arrived.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Deno.errors.BadResource("Cannot read request body"));
      },
    });
    const response = await h.api.request("/views/search", {
      method: "POST",
      headers: { Cookie: h.adminCookie, "X-Requested-By": "sluice-tests", "Content-Type": "application/json" },
      body,
    });
    assert.equal(response.status, 400);
    assert.match(assertSchema(ApiErrorSchema, await response.json()).message, /client went away/);
    assert.deepEqual(errors, [], "nothing logged");
  } finally {
    console.error = consoleError;
  }
});
