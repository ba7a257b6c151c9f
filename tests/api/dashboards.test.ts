import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { UserSchema } from "../../api/schemas/user.ts";
import { z } from "zod";
import { BulkDeleteResultSchema, type View, ViewListSchema, ViewParameterSummarySchema, ViewSchema } from "../../api/schemas/views.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

/** A dashboard's search: two pages (queries), each with its own time range and query. */
const DASHBOARD_SEARCH = {
  queries: [
    { id: "page-1", timerange: { type: "relative", from: 300 }, query: { type: "elasticsearch", query_string: "" }, search_types: [] },
    { id: "page-2", timerange: { type: "relative", from: 3600 }, query: { type: "elasticsearch", query_string: "source:web" }, search_types: [] },
  ],
};

async function storeSearch(h: ApiHarness, cookie?: string): Promise<string> {
  const answer = await h.call("POST", "/views/search", { body: DASHBOARD_SEARCH, cookie });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return (answer.body as { id: string }).id;
}

async function createDashboard(h: ApiHarness, overrides: Record<string, unknown> = {}, cookie?: string): Promise<View> {
  const body = {
    type: "DASHBOARD",
    title: "Web traffic",
    search_id: await storeSearch(h, cookie),
    state: {
      "page-1": { titles: { tab: { title: "Page#1" }, widget: {} }, widgets: [], positions: {} },
      "page-2": { titles: { tab: { title: "Errors" }, widget: {} }, widgets: [], positions: {} },
    },
    ...overrides,
  };
  const answer = await h.call("POST", "/views", { body, cookie });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(ViewSchema, answer.body);
}

const titlesOf = (body: unknown) => assertSchema(ViewListSchema, body).elements.map((view) => view.title);

apiTest("GET /dashboards lists only dashboards in Graylog's paged shape, 50 to a page, sorted by title ascending", async (h) => {
  for (const title of ["charlie", "Alpha", "bravo"]) await createDashboard(h, { title });
  await createDashboard(h, { title: "a saved search", type: "SEARCH" });
  const list = assertSchema(ViewListSchema, (await h.call("GET", "/dashboards")).body);
  assert.deepEqual(list.elements.map((view) => view.title), ["Alpha", "bravo", "charlie"]);
  assert.ok(list.elements.every((view) => view.type === "DASHBOARD"));
  assert.deepEqual(list.pagination, { total: 3, count: 3, page: 1, per_page: 50 });
  assert.deepEqual([list.total, list.count, list.page, list.per_page], [3, 3, 1, 50]);
  assert.deepEqual(list.attributes, []);
  assert.deepEqual(titlesOf((await h.call("GET", "/dashboards?per_page=2&page=2")).body), ["charlie"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/dashboards?order=desc&per_page=1")).body), ["charlie"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/dashboards?query=brav")).body), ["bravo"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/dashboards?query=search")).body), [], "saved searches never show");
});

apiTest("GET /dashboards refuses bad paging and sort parameters with 400 naming the parameter", async (h) => {
  for (const [query, field] of [["page=0", "page"], ["per_page=0", "per_page"], ["sort=color", "sort"], ["order=up", "order"]]) {
    const answer = await h.call("GET", `/dashboards?${query}`);
    assert.equal(answer.status, 400, query);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, new RegExp(field), query);
  }
  assert.equal((await h.call("GET", "/dashboards", { cookie: null })).status, 401);
});

apiTest("a dashboard keeps its pages: each query's state with its tab title, read back unchanged", async (h) => {
  const created = await createDashboard(h);
  const read = assertSchema(ViewSchema, (await h.call("GET", `/views/${created.id}`)).body);
  assert.equal(read.type, "DASHBOARD");
  assert.deepEqual(Object.keys(read.state), ["page-1", "page-2"]);
  assert.deepEqual((read.state["page-2"] as { titles: unknown }).titles, { tab: { title: "Errors" }, widget: {} });
  const search = await h.call("GET", `/views/search/${read.search_id}`);
  assert.equal(search.status, 200);
  assert.deepEqual((search.body as { queries: { id: string }[] }).queries.map((query) => query.id), ["page-1", "page-2"]);
});

apiTest("a reader without dashboards:create cannot create a dashboard but sees one shared with them", async (h) => {
  const cookie = h.readerCookie;
  const refused = await h.call("POST", "/views", {
    body: { type: "DASHBOARD", title: "Mine", search_id: await storeSearch(h, cookie), state: {} },
    cookie,
  });
  assert.equal(refused.status, 403);
  assert.equal(assertSchema(ApiErrorSchema, refused.body).message, "User is not allowed to create new dashboards.");

  const dashboard = await createDashboard(h, { title: "Shared board" });
  await createDashboard(h, { title: "Private board" });
  assert.deepEqual(titlesOf((await h.call("GET", "/dashboards", { cookie })).body), []);
  const reader = assertSchema(UserSchema, (await h.call("GET", "/users/reader", { cookie })).body);
  const admin = assertSchema(UserSchema, (await h.call("GET", "/users/admin")).body);
  const shared = await h.call("POST", `/authz/shares/entities/${encodeURIComponent(`grn::::dashboard:${dashboard.id}`)}`, {
    body: { selected_grantee_capabilities: { [`grn::::user:${admin.id}`]: "own", [`grn::::user:${reader.id}`]: "view" } },
  });
  assert.equal(shared.status, 200, JSON.stringify(shared.body));
  assert.deepEqual(titlesOf((await h.call("GET", "/dashboards", { cookie })).body), ["Shared board"]);
  assert.equal((await h.call("GET", `/views/${dashboard.id}`, { cookie })).status, 200);
  const read = assertSchema(ViewSchema, (await h.call("GET", `/views/${dashboard.id}`)).body);
  assert.equal((await h.call("PUT", `/views/${dashboard.id}`, { body: read, cookie })).status, 403, "read-only for the reader");
});

apiTest("dashboards are deleted in bulk; unknown ids come back as failures", async (h) => {
  const first = await createDashboard(h, { title: "one" });
  const second = await createDashboard(h, { title: "two" });
  const answer = await h.call("POST", "/views/bulk_delete", { body: { entity_ids: [first.id, second.id, "000000000000000000000000"] } });
  assert.equal(answer.status, 200);
  const result = assertSchema(BulkDeleteResultSchema, answer.body);
  assert.equal(result.successfully_performed, 2);
  assert.deepEqual(result.failures.map((failure) => failure.entity_id), ["000000000000000000000000"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/dashboards")).body), []);
});

apiTest("a dashboard becomes the default view with PUT /views/{id}/default", async (h) => {
  const dashboard = await createDashboard(h);
  assert.equal((await h.call("PUT", `/views/${dashboard.id}/default`)).status, 204);
  assert.equal((await h.call("PUT", "/views/000000000000000000000000/default")).status, 404);
});

apiTest("POST /views/forValue answers the visible views whose search declares exactly one parameter", async (h) => {
  const parameter = { type: "value-parameter-v1", name: "source", data_type: "any", optional: false };
  const storeWith = async (parameters: unknown[], cookie?: string) => {
    const answer = await h.call("POST", "/views/search", { body: { ...DASHBOARD_SEARCH, parameters }, cookie });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return (answer.body as { id: string }).id;
  };
  const one = await createDashboard(h, { title: "By source", search_id: await storeWith([parameter]) });
  await createDashboard(h, { title: "Two parameters", search_id: await storeWith([parameter, { ...parameter, name: "host" }]) });
  await createDashboard(h, { title: "No parameter" });

  const answer = await h.call("POST", "/views/forValue", { body: { field: "source", value: "web-01" } });
  assert.equal(answer.status, 200);
  const views = assertSchema(z.array(ViewParameterSummarySchema), answer.body);
  assert.deepEqual(views.map((view) => [view.id, view.title, view.type]), [[one.id, "By source", "DASHBOARD"]]);
  assert.equal(views[0].parameters[0].name, "source");

  const reader = await h.call("POST", "/views/forValue", { body: {}, cookie: h.readerCookie });
  assert.deepEqual(assertSchema(z.array(ViewParameterSummarySchema), reader.body), [], "others' views are not offered");
  assert.equal((await h.call("POST", "/views/forValue", { body: {}, cookie: null })).status, 401);
});
