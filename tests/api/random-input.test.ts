import assert from "node:assert/strict";
import fc from "fast-check";
import { SearchJobSchema } from "../../api/schemas/search.ts";
import { ValidationResponseSchema } from "../../api/schemas/search-support.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

/** Query-ish text: Lucene's special characters, operators, field names and words, in any order. */
const queryText = fc.array(
  fc.oneof(
    fc.constantFrom("(", ")", "[", "]", "{", "}", ":", "\"", "*", "?", "~", "^", "\\", "/", "+", "-", "!", " ", "AND", "OR", "NOT", "and", " TO ", ">=", "<"),
    fc.constantFrom("message", "source", "http_response_code", "_exists_", "nope", "now-1d", "2026-01-01", "404", "GET", "fail*"),
    fc.string({ maxLength: 6 }),
  ),
  { maxLength: 12 },
).map((parts) => parts.join(""));

apiTest("random query text never breaks validation: always 200 with OK, WARNING or ERROR", async (h) => {
  await fc.assert(
    fc.asyncProperty(queryText, async (query) => {
      const answer = await h.call("POST", "/search/validate", { body: { query } });
      assert.equal(answer.status, 200, `${JSON.stringify(query)} → ${JSON.stringify(answer.body)}`);
      assertSchema(ValidationResponseSchema, answer.body);
    }),
    { numRuns: 150, seed: 42 },
  );
}, { demoMessages: 200 });

apiTest("random query text never breaks a search: the job answers, with a query error when it does not parse", async (h) => {
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
}, { demoMessages: 200 });

apiTest("random JSON bodies are refused with a 400 that names what is wrong, never a 500", async (h) => {
  await fc.assert(
    fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom("/views/search", "/search/validate", "/views/export", "/search/suggest"), async (body, path) => {
      const answer = await h.call("POST", path, { body: JSON.stringify(body) });
      assert.ok(answer.status < 500, `${path} with ${JSON.stringify(body)} → ${answer.status} ${JSON.stringify(answer.body)}`);
      if (answer.status === 400) assert.match((answer.body as { message: string }).message, /\S/);
    }),
    { numRuns: 150, seed: 3 },
  );
});
