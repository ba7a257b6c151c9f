import assert from "node:assert/strict";
import fc from "fast-check";
import { SearchJobSchema } from "../../api/schemas/search.ts";
import { PingSchema } from "../../api/schemas/system.ts";
import { ValidationResponseSchema } from "../../api/schemas/search-support.ts";
import { apiSuite } from "../helpers/api-harness.ts";
import { answerChecker } from "../helpers/openapi-answers.ts";
import { loadOpenApiDocument, operationsOf } from "../helpers/openapi-operations.ts";
import { describeRequest, invalidRequest, luceneText as queryText, sendGenerated } from "../helpers/openapi-requests.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

/** One app for the file (searches need a few messages to be worth fuzzing). */
const suite = apiSuite("random input never breaks the API", { demoMessages: 200 });

/** Requests per operation in the document-driven fuzz run; SLUICE_FUZZ_RUNS and SLUICE_FUZZ_SEED widen or vary it. */
const FUZZ_RUNS = Number(Deno.env.get("SLUICE_FUZZ_RUNS") ?? 12);
const FUZZ_SEED = Number(Deno.env.get("SLUICE_FUZZ_SEED") ?? 20261127);

/** Path parameters of entities that exist in the seeded backend, so that fuzzed calls get past the lookup. */
const EXISTING = {
  username: "admin",
  grn: "grn::::stream:000000000000000000000001",
  entityTableId: "streams",
  configClass: "org.graylog2.indexer.searches.SearchesClusterConfig",
  streamId: "000000000000000000000001",
  index: "graylog_0",
};

suite.test("fuzzing every operation of the OpenAPI document with invalid bodies, parameters and headers never gets a 5xx or an undocumented answer, and the server keeps answering", async (h) => {
  const document = await loadOpenApiDocument(h.api);
  const checker = answerChecker(document);
  const problems: string[] = [];
  const operations = operationsOf(document);
  assert.ok(operations.length >= 60, `only ${operations.length} operations in the document`);
  for (const operation of operations) {
    const seed = [...operation.key].reduce((sum, char) => sum * 31 + char.charCodeAt(0), FUZZ_SEED) | 0;
    for (const request of fc.sample(invalidRequest(operation, document, EXISTING), { numRuns: FUZZ_RUNS, seed })) {
      const answer = await sendGenerated(h, operation, request);
      if (answer.status >= 500) problems.push(`${describeRequest(operation, request)} → ${answer.status} ${JSON.stringify(answer.body)}`);
      else {
        const problem = checker.problem(operation, answer);
        if (problem) problems.push(`${problem} — request ${describeRequest(operation, request)}`);
      }
    }
    const ping = await h.call("GET", "/", { cookie: null });
    assert.equal(ping.status, 200, `the server stopped answering after fuzzing ${operation.key}`);
    assertSchema(PingSchema, ping.body);
  }
  assert.deepEqual(problems, []);
});

suite.test("random query text never breaks validation: always 200 with OK, WARNING or ERROR", async (h) => {
  await fc.assert(
    fc.asyncProperty(queryText, async (query) => {
      const answer = await h.call("POST", "/search/validate", { body: { query } });
      assert.equal(answer.status, 200, `${JSON.stringify(query)} → ${JSON.stringify(answer.body)}`);
      assertSchema(ValidationResponseSchema, answer.body);
    }),
    { numRuns: 150, seed: 42 },
  );
});

suite.test("random query text never breaks a search: the job answers, with a query error when it does not parse", async (h) => {
  await fc.assert(
    fc.asyncProperty(queryText, async (query) => {
      const body = {
        queries: [{
          id: "q1",
          timerange: { type: "relative", from: 0 },
          query: { type: "elasticsearch", query_string: query },
          search_types: [
            { type: "messages", id: "m", limit: 5 },
            { type: "pivot", id: "p", row_groups: [{ type: "time", fields: ["timestamp"] }], series: [{ type: "count", id: "count()" }] },
          ],
        }],
      };
      const answer = await h.call("POST", "/views/search/sync", { body });
      assert.equal(answer.status, 200, `${JSON.stringify(query)} → ${JSON.stringify(answer.body)}`);
      const job = assertSchema(SearchJobSchema, answer.body);
      const result = job.results.q1;
      if (result.state === "FAILED") assert.equal(job.errors?.[0]?.type, "query");
      else assert.deepEqual(Object.keys(result.search_types).sort(), ["m", "p"], JSON.stringify(job.errors));
    }),
    { numRuns: 100, seed: 7 },
  );
});

suite.test("random JSON bodies are refused with a 400 that names what is wrong, never a 500", async (h) => {
  await fc.assert(
    fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom("/views/search", "/search/validate", "/views/export", "/search/suggest"), async (body, path) => {
      const answer = await h.call("POST", path, { body: JSON.stringify(body) });
      assert.ok(answer.status < 500, `${path} with ${JSON.stringify(body)} → ${answer.status} ${JSON.stringify(answer.body)}`);
      if (answer.status === 400) assert.match((answer.body as { message: string }).message, /\S/);
    }),
    { numRuns: 150, seed: 3 },
  );
});
