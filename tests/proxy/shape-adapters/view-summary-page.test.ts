/** The 'paged view summaries' adapter: Graylog 5.1's saved searches and dashboards lists as the UI reads them. */
import assert from "node:assert/strict";
import { viewSummaryPage } from "../../../api/proxy/shape-adapters/view-summary-page.ts";
import { ViewListSchema } from "../../../api/schemas/views.ts";
import { fakeGraylog, graylogJson } from "../fake-graylog.ts";
import { recordedAnswer } from "../graylog-answers.ts";

const dashboards = recordedAnswer("get-dashboards").body as Record<string, unknown>;

Deno.test("Graylog 5.1's dashboards page lacks the top-level page numbers and the views' state the UI's list type has", () => {
  const parsed = ViewListSchema.safeParse(dashboards);
  assert.equal(parsed.success, false);
  const paths = parsed.error!.issues.map((issue) => issue.path.join("."));
  assert.deepEqual(paths.filter((path) => !path.startsWith("elements")), ["count", "page", "per_page"]);
  assert.ok(paths.includes("elements.0.state") && paths.includes("elements.0.filter"));
});

Deno.test("the adapter lifts count, page and per_page out of pagination and gives each summary an empty state and no filter", () => {
  const adapted = ViewListSchema.parse(viewSummaryPage("/dashboards").adapt(dashboards));
  assert.deepEqual([adapted.count, adapted.page, adapted.per_page, adapted.total], [2, 1, 20, 2]);
  assert.deepEqual(adapted.elements.map((view) => [view.title, view.state, view.filter]), [["Web traffic", {}, null], ["Errors", {}, null]]);
});

Deno.test("an answer already in the UI's shape (the embedded backend's) passes unchanged", () => {
  const embedded = {
    ...dashboards,
    count: 2,
    page: 3,
    per_page: 5,
    elements: [{ ...(dashboards.elements as object[])[0], state: { q: { widgets: [] } }, filter: "x" }],
  };
  assert.deepEqual(viewSummaryPage("/dashboards").adapt(embedded), embedded);
});

Deno.test("through the proxy, GET /search/saved comes back in the UI's shape", async () => {
  const graylog = fakeGraylog((request) => {
    assert.equal(new URL(request.url).pathname, "/api/search/saved");
    return graylogJson(recordedAnswer("get-search-saved").body);
  });
  try {
    const answer = await graylog.proxy.request("/search/saved?page=1&per_page=20");
    assert.equal(answer.status, 200);
    const list = ViewListSchema.parse(await answer.json());
    assert.deepEqual([list.page, list.per_page, list.elements[0].title], [1, 20, "Refused connections"]);
  } finally {
    await graylog.close();
  }
});

Deno.test("through the proxy, a failed list call comes back as Graylog wrote it, not adapted", async () => {
  const failure = { type: "ApiError", message: "Invalid argument in search query: unknown field foo" };
  const graylog = fakeGraylog(() => graylogJson(failure, 400));
  try {
    const answer = await graylog.proxy.request("/dashboards?query=foo:bar");
    assert.equal(answer.status, 400);
    assert.deepEqual(await answer.json(), failure);
  } finally {
    await graylog.close();
  }
});
