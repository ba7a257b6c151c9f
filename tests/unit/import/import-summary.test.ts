import assert from "node:assert/strict";
import { importSummary } from "../../../scripts/import-summary.ts";

const RANGE = { from: Date.UTC(2015, 4, 17, 10, 5), to: Date.UTC(2015, 4, 20, 21, 5, 59) };

Deno.test("an import ends with the time range it stored and a search link over exactly that range", () => {
  assert.deepEqual(importSummary(RANGE, { origin: "http://127.0.0.1:9000", prefix: "" }), [
    "The stored messages range from 2015-05-17T10:05:00.000Z to 2015-05-20T21:05:59.000Z.",
    "Search them (once the server runs): http://127.0.0.1:9000/search?rangetype=absolute&from=2015-05-17T10%3A05%3A00.000Z&to=2015-05-20T21%3A05%3A59.000Z",
  ]);
});

Deno.test("the search link honours the path prefix and names the stream the import went to", () => {
  const [, link] = importSummary(RANGE, { origin: "http://h:1", prefix: "/sluice", stream: "000000000000000000000001" });
  const url = new URL(link.slice(link.indexOf("http")));
  assert.equal(url.pathname, "/sluice/search");
  assert.equal(url.searchParams.get("streams"), "000000000000000000000001");
  assert.equal(url.searchParams.get("from"), "2015-05-17T10:05:00.000Z");
});

Deno.test("an import that stored nothing says so instead of a link", () => {
  assert.deepEqual(importSummary(null, { origin: "http://h:1", prefix: "" }), ["No messages were stored."]);
});
