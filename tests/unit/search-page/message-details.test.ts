import assert from "node:assert/strict";
import { decorationChanges, isDecorated } from "../../../ui/widgets/messages/logic/decoration-changes.ts";
import { neighbourMessages, neighbourSearch, NEWER_QUERY_ID, OLDER_QUERY_ID } from "../../../ui/widgets/messages/logic/neighbour-messages.ts";
import { surroundingFilterQuery, surroundingOptions, surroundingSearchParams } from "../../../ui/widgets/messages/logic/surrounding-search.ts";
import { parseSearchUrl } from "../../../ui/view/url-state.ts";

Deno.test("surrounding windows come from the config in its order; durations that do not parse are left out", () => {
  assert.deepEqual(surroundingOptions({ PT1S: "1 second", PT5M: "5 minutes", nonsense: "x", PT0S: "nothing" }), [
    { duration: "PT1S", label: "1 second", seconds: 1 },
    { duration: "PT5M", label: "5 minutes", seconds: 300 },
  ]);
});

Deno.test("the surrounding filter query uses the filter fields the message has, quoted, joined with AND", () => {
  const fields = { source: "web-01", file: "", gl2_source_input: "abc", message: "GET /", source_file: null };
  assert.equal(surroundingFilterQuery(fields, ["file", "source", "gl2_source_input", "source_file"]), 'source:"web-01" AND gl2_source_input:"abc"');
  assert.equal(surroundingFilterQuery({ message: "x" }, ["source"]), "");
  assert.equal(surroundingFilterQuery({ source: 'a "b"' }, ["source"]), 'source:"a \\"b\\""');
});

Deno.test("the surrounding search is an absolute range of the window either side of the timestamp, read back by the search page", () => {
  const params = surroundingSearchParams("2026-01-02T10:00:00.000Z", 60, 'source:"web-01"');
  const parsed = parseSearchUrl(params);
  assert.deepEqual(parsed, {
    ok: true,
    state: {
      query: 'source:"web-01"',
      timerange: { type: "absolute", from: "2026-01-02T09:59:00.000Z", to: "2026-01-02T10:01:00.000Z" },
      streams: [],
    },
  });
  assert.equal(params.get("rangetype"), "absolute");
});

Deno.test("the neighbour search reads 2n+1 messages each side: older newest first, newer oldest first", () => {
  const search = neighbourSearch("2026-01-02T10:00:00.000Z", 5);
  const [older, newer] = search.queries;
  assert.equal(older.id, OLDER_QUERY_ID);
  assert.equal(newer.id, NEWER_QUERY_ID);
  assert.deepEqual(older.timerange.type === "absolute" && older.timerange.to, "2026-01-02T10:00:00.000Z");
  assert.deepEqual(newer.timerange.type === "absolute" && newer.timerange.from, "2026-01-02T10:00:00.000Z");
  const [olderType, newerType] = [older.search_types[0], newer.search_types[0]];
  assert.ok(olderType.type === "messages" && newerType.type === "messages");
  assert.deepEqual([olderType.limit, olderType.sort], [11, [{ field: "timestamp", order: "DESC" }]]);
  assert.deepEqual([newerType.limit, newerType.sort], [11, [{ field: "timestamp", order: "ASC" }]]);
});

const at = (id: string, second: number, messageId = id) => ({
  id,
  timestamp: `2026-01-02T10:00:${String(second).padStart(2, "0")}.000Z`,
  raw: { gl2_message_id: messageId },
});

Deno.test("neighbours are the n messages before and after in stored order (timestamp, then gl2_message_id)", () => {
  const target = at("t", 30, "M");
  // Same second as the target: ordered by gl2_message_id around it.
  const tieBefore = at("tb", 30, "A");
  const tieAfter = at("ta", 30, "Z");
  const older = [tieAfter, target, tieBefore, at("o1", 29), at("o2", 28), at("o3", 27)];
  const newer = [tieBefore, target, tieAfter, at("n1", 31), at("n2", 32)];
  const { before, after } = neighbourMessages("t", older, newer, 2);
  assert.deepEqual(before.map((m) => m.id), ["o1", "tb"]);
  assert.deepEqual(after.map((m) => m.id), ["ta", "n1"]);
});

Deno.test("near the ends there are fewer neighbours, and an unknown target has none", () => {
  const target = at("t", 30);
  assert.deepEqual(neighbourMessages("t", [target], [target, at("n1", 31)], 3), { before: [], after: [at("n1", 31)] });
  assert.deepEqual(neighbourMessages("x", [target], [], 3), { before: [], after: [] });
});

Deno.test("'Show changes' lists added, changed and removed fields with the values before and after", () => {
  const message = {
    raw: { level: "Error", link: "https://x/1", source: "web-01" },
    decorationStats: { added_fields: { link: "https://x/1" }, changed_fields: { level: 3 }, removed_fields: { secret: "s3cr3t" } },
  };
  assert.ok(isDecorated(message));
  assert.deepEqual(decorationChanges(message), [
    { field: "link", kind: "added", before: null, after: "https://x/1" },
    { field: "level", kind: "changed", before: "3", after: "Error" },
    { field: "secret", kind: "removed", before: "s3cr3t", after: null },
  ]);
});

Deno.test("an undecorated message, or one whose decorators changed nothing, has no 'Show changes'", () => {
  assert.equal(isDecorated({ decorationStats: null }), false);
  assert.equal(isDecorated({ decorationStats: { added_fields: {}, changed_fields: {}, removed_fields: {} } }), false);
  assert.deepEqual(decorationChanges({ raw: {}, decorationStats: null }), []);
});
