import assert from "node:assert/strict";
import { eventMessagesSearches, newestMessages } from "../../../ui/alerts/logic/event-messages.ts";

const scope = (overrides: Partial<Parameters<typeof eventMessagesSearches>[0]> = {}) => ({
  query: "http_method:GET",
  streams: [],
  groupByFields: {},
  timerangeStart: "2026-11-28T10:00:00.000Z",
  timerangeEnd: "2026-11-28T10:04:59.999Z",
  ...overrides,
});

Deno.test("an event's messages are its definition's search over the event's window", () => {
  assert.deepEqual(eventMessagesSearches(scope()), [
    { query: "http_method:GET", from: "2026-11-28T10:00:00.000Z", to: "2026-11-28T10:04:59.999Z" },
  ]);
});

Deno.test("a grouped event's messages are those of its key, an empty query searches everything", () => {
  assert.deepEqual(eventMessagesSearches(scope({ groupByFields: { source: 'web "01"' } }))?.map((search) => search.query), [
    'http_method:GET AND source:"web \\"01\\""',
  ]);
  assert.deepEqual(eventMessagesSearches(scope({ query: "a OR b", groupByFields: { source: "x" } }))?.map((search) => search.query), [
    '(a OR b) AND source:"x"',
  ]);
  assert.deepEqual(eventMessagesSearches(scope({ query: "" }))?.map((search) => search.query), ["*"]);
});

Deno.test("a definition's streams are searched one by one (Graylog's filter names one stream); an event without a window has none", () => {
  assert.deepEqual(eventMessagesSearches(scope({ streams: ["a", "b"] }))?.map((search) => search.filter), ["streams:a", "streams:b"]);
  assert.equal(eventMessagesSearches(scope({ timerangeStart: null })), null);
});

Deno.test("the messages shown are the newest ten, each once", () => {
  const message = (id: number) => ({ message: { _id: `m${id}`, timestamp: `2026-11-28T10:00:${String(id).padStart(2, "0")}.000Z` } });
  const first = Array.from({ length: 8 }, (_, index) => message(index));
  const second = Array.from({ length: 8 }, (_, index) => message(index + 4));
  assert.deepEqual(newestMessages([first, second]).map((found) => found._id), ["m11", "m10", "m9", "m8", "m7", "m6", "m5", "m4", "m3", "m2"]);
});
