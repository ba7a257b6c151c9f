import assert from "node:assert/strict";
import { parseQuery } from "../../../mock-backend/query/mod.ts";
import { highlightRanges, highlightTerms } from "../../../mock-backend/search/highlight.ts";

const analysed = new Set(["message", "full_message"]);
const isAnalyzed = (field: string) => analysed.has(field);

Deno.test("one query's terms mark every message of a page, field by field", () => {
  const terms = highlightTerms(parseQuery("failed OR source:web-01"));
  const page = [
    { message: "login failed for root", source: "web-01", action: "failed" },
    { message: "all good", source: "db-01" },
    { message: "Failed: again failed", source: "WEB-01" },
  ];
  assert.deepEqual(page.map((fields) => highlightRanges(fields, terms, isAnalyzed)), [
    {
      message: [{ start: 6, length: 6 }],
      source: [{ start: 0, length: 6 }],
      action: [{ start: 0, length: 6 }],
    },
    undefined,
    { message: [{ start: 0, length: 6 }, { start: 14, length: 6 }], source: [{ start: 0, length: 6 }] },
  ]);
});

Deno.test("another query's terms over the same fields mark by their own fields (regression: terms worked out per field are per query)", () => {
  const fields = { message: "connection refused", source: "web-01", http_path: "/refused" };
  const bare = highlightTerms(parseQuery("refused"));
  const onMessage = highlightTerms(parseQuery("message:refused"));
  const wildcardField = highlightTerms(parseQuery("http_\\*:\\/refused"));
  assert.deepEqual(highlightRanges(fields, bare, isAnalyzed), { message: [{ start: 11, length: 7 }] });
  assert.deepEqual(highlightRanges(fields, onMessage, isAnalyzed), { message: [{ start: 11, length: 7 }] });
  assert.deepEqual(highlightRanges(fields, wildcardField, isAnalyzed), {
    http_path: [{ start: 0, length: 8 }],
  });
  assert.deepEqual(highlightRanges(fields, bare, isAnalyzed), { message: [{ start: 11, length: 7 }] });
});
