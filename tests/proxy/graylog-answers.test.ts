/**
 * Sluice's UI on recorded answers of a real Graylog 5.1 (issue 18 items 4 and 6): each recording, after the
 * proxy's shape adapter for its call (if any), must be read by the UI as it reads the embedded backend's answer:
 * the typed client's answer schema (the zod schema openapi.yaml and the UI's types come from) and the UI's own
 * readers of that answer (select functions, row builders, time formatting). A difference fails here; it is
 * bridged by a named adapter in api/proxy/shape-adapters/ or fixed in the embedded backend's shape.
 */
import assert from "node:assert/strict";
import { z } from "@hono/zod-openapi";
import { adaptGraylogAnswer } from "../../api/proxy/shape-adapters/shape-adapters.ts";
import { NotificationsSchema } from "../../api/schemas/notifications.ts";
import { MetricsResponseSchema } from "../../api/schemas/metrics.ts";
import { QueryResultSchema, SearchJobSchema } from "../../api/schemas/search.ts";
import { SessionResponseSchema, SessionValidationSchema } from "../../api/schemas/session.ts";
import { StreamsListSchema } from "../../api/schemas/streams.ts";
import { ClusterNodesSchema, SystemInfoSchema } from "../../api/schemas/system.ts";
import { UserPageSchema, UserSchema } from "../../api/schemas/user.ts";
import { ViewListSchema } from "../../api/schemas/views.ts";
import { formatTimestamp } from "../../ui/common/time-format.ts";
import { throughputQueryOptions } from "../../ui/shell/shell-queries.ts";
import { savedSearchesQueryOptions } from "../../ui/views/view-queries.ts";
import { toMessageRow } from "../../ui/widgets/messages/logic/message-rows.ts";
import { recordedAnswers } from "./graylog-answers.ts";

/** The job as the UI reads it (`SearchJobResults`): every query's results without the echoed query. */
const SearchJobResultsSchema = SearchJobSchema.extend({
  results: z.record(z.string(), QueryResultSchema.omit({ query: true })),
});

/** How the UI reads one recorded answer: the typed client's schema, then what its own code does with its parse. */
interface UiReading {
  schema: z.ZodType;
  read?: (parsed: unknown) => void;
}

/** A timestamp the pages show: parsed as a date, not left as the raw text. */
function assertShownAsTime(iso: string | null): void {
  if (iso === null) return;
  assert.match(formatTimestamp(iso, "UTC"), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/, `shown as a time: ${iso}`);
}

const READINGS = {
  "post-system-sessions": reading(SessionResponseSchema, (session) => assert.ok(Date.parse(session.valid_until) > 0)),
  "get-system-sessions": reading(SessionValidationSchema),
  "get-users-admin": reading(UserSchema, (user) => assertShownAsTime(user.last_activity)),
  "get-users-paginated": reading(UserPageSchema, (page) => page.users.forEach((user) => assertShownAsTime(user.last_activity))),
  "get-streams": reading(StreamsListSchema),
  "get-search-saved": reading(ViewListSchema, (list) => {
    const page = savedSearchesQueryOptions({ page: 1, query: "" }).select(list);
    assert.equal(page.views.length, list.elements.length);
    assert.deepEqual([page.page, page.perPage, page.total], [1, 20, 1], "the pager reads page, per_page and total");
    page.views.forEach((view) => assertShownAsTime(view.createdAt));
  }),
  "get-dashboards": reading(ViewListSchema, (list) => {
    assert.deepEqual([list.page, list.per_page, list.count, list.total], [1, 20, 2, 2]);
  }),
  "get-system": reading(SystemInfoSchema, (system) => assertShownAsTime(system.started_at)),
  "get-system-cluster-nodes": reading(ClusterNodesSchema, (nodes) => nodes.nodes.forEach((node) => assertShownAsTime(node.last_seen))),
  "post-system-metrics-multiple": reading(MetricsResponseSchema, (metrics) => {
    assert.deepEqual(throughputQueryOptions().select(metrics), { input: 38, output: 0 });
  }),
  "get-system-notifications": reading(NotificationsSchema, (list) => list.notifications.forEach((n) => assertShownAsTime(n.timestamp))),
  "post-views-search-execute": reading(SearchJobResultsSchema, (job) => {
    const rows = Object.values(job.results).flatMap((result) =>
      Object.values(result.search_types).flatMap((searchType) => searchType.type === "messages" ? searchType.messages.map(toMessageRow) : [])
    );
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.match(row.message, /refused/);
      assert.deepEqual(row.highlightRanges, { message: [{ start: 11, length: 7 }] });
      assert.equal(row.decorationStats, null);
      assertShownAsTime(row.timestamp);
    }
  }),
} satisfies Record<string, UiReading>;

/** `read` gets what `schema` parsed, so it may take the schema's type. */
function reading<T>(schema: z.ZodType<T>, read?: (parsed: T) => void): UiReading {
  return { schema, read: read as ((parsed: unknown) => void) | undefined };
}

Deno.test("every recorded Graylog 5.1 answer has a UI reading, and every reading a recording", () => {
  assert.deepEqual([...recordedAnswers().keys()].sort(), Object.keys(READINGS).sort());
});

for (const [name, recorded] of recordedAnswers()) {
  Deno.test(`the UI reads Graylog 5.1's answer to ${recorded.call} (${name}.json) through the proxy`, () => {
    const [method, path] = recorded.call.split(" ");
    const answer = adaptGraylogAnswer(method, path, recorded.body);
    const how: UiReading | undefined = (READINGS as Record<string, UiReading>)[name];
    assert.ok(how, `no UI reading for ${name}`);
    const parsed = how.schema.safeParse(answer);
    assert.ok(parsed.success, `${recorded.call}: Graylog 5.1 and Sluice's UI differ:\n${parsed.success ? "" : z.prettifyError(parsed.error)}`);
    how.read?.(parsed.data);
  });
}
