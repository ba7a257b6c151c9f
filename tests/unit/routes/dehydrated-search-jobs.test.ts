import assert from "node:assert/strict";
import { dehydrate, hydrate, QueryClient } from "@tanstack/react-query";
import type { ResultMessage } from "../../../api/schemas/search.ts";
import { compactSearchJobs, expandSearchJobs } from "../../../routes/dehydrated-search-jobs.ts";
import { toMessageRow } from "../../../ui/widgets/messages/logic/message-rows.ts";
import { viewJobQueryOptions, type ViewJobResult } from "../../../ui/view/view-job.ts";
import type { QueryResult } from "../../../ui/view/widget-results.ts";

function resultMessage(id: string, extra: Partial<ResultMessage> = {}): ResultMessage {
  return {
    message: {
      _id: id,
      timestamp: "2026-01-01T00:30:00.000Z",
      source: "web-01",
      message: "GET /index.html 200 <script>",
      level: 3,
      tags: ["a", "b"],
      full_message: '{"ts":"2026-01-01T00:30:00.000Z"}',
    },
    index: "graylog_0",
    ...extra,
  };
}

function queryResult(): QueryResult {
  return {
    durationMs: 12,
    executedAt: "2026-01-01T01:00:00.000Z",
    effectiveRange: { from: "2026-01-01T00:00:00.000Z", to: "2026-01-01T01:00:00.000Z" },
    widgets: {
      "all-messages": {
        errors: [],
        data: {
          type: "messages",
          messages: [
            toMessageRow(resultMessage("m1", { highlight_ranges: { message: [{ start: 0, length: 3 }] } })),
            toMessageRow(resultMessage("m2", {
              decoration_stats: {
                added_fields: { severity: "error" },
                changed_fields: {},
                removed_fields: {},
              },
            })),
          ],
          total: 2,
          resultWindowLimit: null,
          effectiveRange: {
            type: "absolute",
            from: "2026-01-01T00:00:00.000Z",
            to: "2026-01-01T01:00:00.000Z",
          },
        },
      },
      "message-count": { errors: ["The search returned no result for this query."], data: null },
    },
  };
}

/** A dashboard-like job of two queries (each with its own message table), as the view core writes its key. */
const JOB_KEY = viewJobQueryOptions({
  queries: ["page-1", "page-2"].map((id) => ({
    id,
    search: { query: "", timerange: { type: "relative" as const, range: 300 }, streams: [], timezone: "UTC" },
    widgets: [],
  })),
  pages: {},
  run: 0,
}).queryKey;

function jobModel(): ViewJobResult {
  return { queries: { "page-1": queryResult(), "page-2": queryResult() } };
}

Deno.test("the dehydrated view job leaves out the rows' field lists of every query and the browser gets the same rows back", () => {
  const server = new QueryClient();
  const model = jobModel();
  server.setQueryData(JOB_KEY, model);
  server.setQueryData(["streams", "list"], { total: 0, streams: [] });
  const compact = compactSearchJobs(dehydrate(server));
  const sent = JSON.stringify(compact);
  assert.ok(!sent.includes('"fields"'), "no field list travels");
  assert.ok(sent.length < JSON.stringify(dehydrate(server)).length * 0.75, "the state is smaller");

  const browser = new QueryClient();
  hydrate(browser, expandSearchJobs(JSON.parse(sent)));
  assert.deepEqual(browser.getQueryData(JOB_KEY), model);
  assert.deepEqual(browser.getQueryData(["streams", "list"]), { total: 0, streams: [] });
});
