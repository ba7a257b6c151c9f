import assert from "node:assert/strict";
import fc from "fast-check";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { BulkDeleteResultSchema, SERIES_FUNCTIONS, SeriesFunctionsSchema, type View, ViewListSchema, ViewSchema } from "../../api/schemas/views.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const SEARCH_BODY = {
  queries: [{ id: "q1", timerange: { type: "relative", from: 300 }, search_types: [{ type: "messages", id: "st1", limit: 10 }] }],
};

/** Stores a search as the given user (the admin by default) and returns its id. */
async function storeSearch(h: ApiHarness, cookie?: string): Promise<string> {
  const answer = await h.call("POST", "/views/search", { body: SEARCH_BODY, cookie });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return (answer.body as { id: string }).id;
}

/** A view body over a fresh search of the caller, with `Partial` overrides. */
async function viewBody(h: ApiHarness, overrides: Record<string, unknown> = {}, cookie?: string) {
  return {
    type: "SEARCH",
    title: "Failed logins",
    summary: "",
    description: "",
    search_id: await storeSearch(h, cookie),
    properties: [],
    state: { q1: { selected_fields: ["source", "message"], widgets: [], widget_mapping: {}, positions: {}, titles: {} } },
    ...overrides,
  };
}

async function createView(h: ApiHarness, overrides: Record<string, unknown> = {}, cookie?: string): Promise<View> {
  const answer = await h.call("POST", "/views", { body: await viewBody(h, overrides, cookie), cookie });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(ViewSchema, answer.body);
}

const titlesOf = (body: unknown) => assertSchema(ViewListSchema, body).elements.map((view) => view.title);
const messageOf = (body: unknown) => assertSchema(ApiErrorSchema, body).message;

apiTest("a view is created, read, updated and deleted, keeping its id, owner and creation time", async (h) => {
  const created = await createView(h, { summary: "sshd failures", description: "Login failures on all hosts" });
  assert.match(created.id, /^[0-9a-f]{24}$/);
  assert.equal(created.owner, "admin");
  assert.equal(created.favorite, false);
  assert.ok(!Number.isNaN(Date.parse(created.created_at)));
  assert.deepEqual(created.state.q1, { selected_fields: ["source", "message"], widgets: [], widget_mapping: {}, positions: {}, titles: {} });

  const read = assertSchema(ViewSchema, (await h.call("GET", `/views/${created.id}`)).body);
  assert.deepEqual(read, created);

  const updated = await h.call("PUT", `/views/${created.id}`, {
    body: { ...read, title: "Failed logins (sshd)", owner: "someone-else", created_at: "2000-01-01T00:00:00.000Z" },
  });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  const saved = assertSchema(ViewSchema, updated.body);
  assert.equal(saved.title, "Failed logins (sshd)");
  assert.equal(saved.owner, "admin", "the owner cannot be changed by a save");
  assert.equal(saved.created_at, created.created_at);
  assert.deepEqual(assertSchema(ViewSchema, (await h.call("GET", `/views/${created.id}`)).body), saved);

  const deleted = await h.call("DELETE", `/views/${created.id}`);
  assert.equal(deleted.status, 200);
  assert.equal(assertSchema(ViewSchema, deleted.body).id, created.id);
  assert.equal((await h.call("GET", `/views/${created.id}`)).status, 404);
  assert.equal((await h.call("DELETE", `/views/${created.id}`)).status, 404);
});

apiTest("the views list pages, sorts by title, creation time or owner, and matches title, summary and description", async (h) => {
  for (const title of ["charlie", "Alpha", "bravo", "delta", "Echo"]) await createView(h, { title });
  await createView(h, { title: "zulu", summary: "Nginx ERRORS", type: "DASHBOARD" });
  await createView(h, { title: "yankee", description: "all the nginx errors" });

  const first = assertSchema(ViewListSchema, (await h.call("GET", "/views?per_page=3")).body);
  assert.deepEqual(first.elements.map((v) => v.title), ["Alpha", "bravo", "charlie"], "title ascending, case-insensitive, by default");
  assert.deepEqual(first.pagination, { total: 7, count: 3, page: 1, per_page: 3 });
  assert.deepEqual([first.total, first.count, first.page, first.per_page], [7, 3, 1, 3]);
  assert.deepEqual(first.attributes, []);
  assert.deepEqual(titlesOf((await h.call("GET", "/views?per_page=3&page=3")).body), ["zulu"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/views?per_page=2&order=desc")).body), ["zulu", "yankee"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/views?sort=created_at&order=desc&per_page=2")).body), ["yankee", "zulu"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/views?sort=created_at&per_page=1")).body), ["charlie"]);
  assert.equal(assertSchema(ViewListSchema, (await h.call("GET", "/views?sort=owner")).body).total, 7);
  assert.deepEqual(titlesOf((await h.call("GET", "/views?query=NGINX%20errors")).body), ["yankee", "zulu"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/views?query=ALP")).body), ["Alpha"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/views?query=%25")).body), [], "% is matched literally");
});

apiTest("the saved searches list only shows searches, 20 to a page, sorted by title ascending", async (h) => {
  for (let i = 0; i < 22; i++) await createView(h, { title: `search ${String(i).padStart(2, "0")}` });
  await createView(h, { title: "a dashboard", type: "DASHBOARD" });
  const page = assertSchema(ViewListSchema, (await h.call("GET", "/search/saved")).body);
  assert.equal(page.total, 22);
  assert.equal(page.per_page, 20);
  assert.equal(page.elements.length, 20);
  assert.equal(page.elements[0].title, "search 00");
  assert.ok(page.elements.every((view) => view.type === "SEARCH"));
  assert.deepEqual(titlesOf((await h.call("GET", "/search/saved?page=2")).body), ["search 20", "search 21"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/search/saved?query=dashboard")).body), []);
});

apiTest("another user neither sees nor changes nor deletes the admin's views, and lists only their own", async (h) => {
  const adminView = await createView(h, { title: "Admin only" });
  const readerView = await createView(h, { title: "Reader's own" }, h.readerCookie);
  assert.equal(readerView.owner, "reader");
  const cookie = h.readerCookie;

  const read = await h.call("GET", `/views/${adminView.id}`, { cookie });
  assert.equal(read.status, 404);
  assert.match(messageOf(read.body), new RegExp(adminView.id));
  const body = await viewBody(h, { title: "Taken over" }, cookie);
  assert.equal((await h.call("PUT", `/views/${adminView.id}`, { body, cookie })).status, 403);
  assert.equal((await h.call("DELETE", `/views/${adminView.id}`, { cookie })).status, 403);
  assert.equal((await h.call("PUT", `/views/${adminView.id}/default`, { cookie })).status, 403);
  assert.equal(assertSchema(ViewSchema, (await h.call("GET", `/views/${adminView.id}`)).body).title, "Admin only");

  assert.deepEqual(titlesOf((await h.call("GET", "/views", { cookie })).body), ["Reader's own"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/search/saved", { cookie })).body), ["Reader's own"]);
  assert.deepEqual(titlesOf((await h.call("GET", "/views")).body), ["Admin only", "Reader's own"], "the admin lists every view");
  assert.equal((await h.call("GET", `/views/${readerView.id}`)).status, 200, "the admin sees the reader's view");
});

apiTest("a view can only be saved over an existing search of the caller's own", async (h) => {
  const adminSearch = await storeSearch(h);
  const body = { ...(await viewBody(h, {}, h.readerCookie)), search_id: adminSearch };
  const foreign = await h.call("POST", "/views", { body, cookie: h.readerCookie });
  assert.equal(foreign.status, 400);
  assert.match(messageOf(foreign.body), /search_id/);
  const missing = await h.call("POST", "/views", { body: { ...body, search_id: "0123456789abcdef01234567" } });
  assert.equal(missing.status, 400);
  assert.match(messageOf(missing.body), /search_id/);
});

apiTest("bulk delete removes the caller's views and reports unknown and foreign ids as failures", async (h) => {
  const mine = await createView(h, { title: "mine" }, h.readerCookie);
  const alsoMine = await createView(h, { title: "also mine" }, h.readerCookie);
  const admins = await createView(h, { title: "admin's" });
  const unknown = "0123456789abcdef01234567";
  const answer = await h.call("POST", "/views/bulk_delete", {
    body: { entity_ids: [mine.id, admins.id, unknown, "not-an-id", alsoMine.id] },
    cookie: h.readerCookie,
  });
  assert.equal(answer.status, 200);
  const result = assertSchema(BulkDeleteResultSchema, answer.body);
  assert.equal(result.successfully_performed, 2);
  assert.deepEqual(result.failures.map((f) => f.entity_id), [admins.id, unknown, "not-an-id"]);
  assert.ok(result.failures.every((f) => f.failure_explanation.length > 0));
  assert.equal((await h.call("GET", `/views/${mine.id}`)).status, 404);
  assert.equal((await h.call("GET", `/views/${admins.id}`)).status, 200);
});

apiTest("a view's favorite flag follows the caller's favorites, and favorites show the view's title", async (h) => {
  const search = await createView(h, { title: "Favorite search" });
  const dashboard = await createView(h, { title: "Favorite dashboard", type: "DASHBOARD" });
  assert.equal((await h.call("PUT", `/favorites/${encodeURIComponent(`grn::::search:${search.id}`)}`)).status, 204);
  assert.equal((await h.call("PUT", `/favorites/${encodeURIComponent(`grn::::dashboard:${dashboard.id}`)}`)).status, 204);
  assert.equal(assertSchema(ViewSchema, (await h.call("GET", `/views/${search.id}`)).body).favorite, true);
  assert.equal(assertSchema(ViewListSchema, (await h.call("GET", "/search/saved")).body).elements[0].favorite, true);
  assert.equal(assertSchema(ViewSchema, (await h.call("GET", `/views/${dashboard.id}`)).body).favorite, true);
  const favorites = (await h.call("GET", "/favorites")).body as { favorites: { title: string }[] };
  assert.deepEqual(favorites.favorites.map((f) => f.title).sort(), ["Favorite dashboard", "Favorite search"]);

  assert.equal((await h.call("DELETE", `/favorites/${encodeURIComponent(`grn::::search:${search.id}`)}`)).status, 204);
  assert.equal(assertSchema(ViewSchema, (await h.call("GET", `/views/${search.id}`)).body).favorite, false);
  assert.equal(assertSchema(ViewSchema, (await h.call("GET", `/views/${dashboard.id}`)).body).favorite, true);
});

apiTest("every malformed view body is refused with 400 naming the field", async (h) => {
  const valid = await viewBody(h);
  const cases: [string, unknown, RegExp][] = [
    ["no title", { ...valid, title: undefined }, /title/],
    ["blank title", { ...valid, title: "   " }, /title/],
    ["title too long", { ...valid, title: "x".repeat(201) }, /title/],
    ["title not a string", { ...valid, title: 42 }, /title/],
    ["unknown type", { ...valid, type: "REPORT" }, /type/],
    ["no type", { ...valid, type: undefined }, /type/],
    ["state not an object", { ...valid, state: [] }, /state/],
    ["query state not an object", { ...valid, state: { q1: "widgets" } }, /state/],
    ["no search_id", { ...valid, search_id: undefined }, /search_id/],
    ["malformed search_id", { ...valid, search_id: "abc" }, /search_id/],
    ["unknown key", { ...valid, colour: "red" }, /colour/],
    ["properties not a list", { ...valid, properties: "x" }, /properties/],
    ["summary not a string", { ...valid, summary: 1 }, /summary/],
  ];
  const created = await createView(h);
  for (const [what, body, field] of cases) {
    for (const [method, path] of [["POST", "/views"], ["PUT", `/views/${created.id}`]] as const) {
      const answer = await h.call(method, path, { body });
      assert.equal(answer.status, 400, `${what} (${method}): ${JSON.stringify(answer.body)}`);
      assert.match(messageOf(answer.body), field, `${what} (${method})`);
    }
  }
  const mismatched = await h.call("PUT", `/views/${created.id}`, { body: { ...valid, id: "0123456789abcdef01234567" } });
  assert.equal(mismatched.status, 400);
  assert.match(messageOf(mismatched.body), /id/);
  const notJson = await h.call("POST", "/views", { body: "{" });
  assert.equal(notJson.status, 400);
  const badIds = await h.call("POST", "/views/bulk_delete", { body: { entity_ids: "all" } });
  assert.equal(badIds.status, 400);
  assert.match(messageOf(badIds.body), /entity_ids/);
});

apiTest("malformed list parameters and view ids are refused with 400 naming them", async (h) => {
  for (const [query, field] of [["page=0", /page/], ["per_page=x", /per_page/], ["sort=summary", /sort/], ["order=up", /order/]] as const) {
    const answer = await h.call("GET", `/views?${query}`);
    assert.equal(answer.status, 400, query);
    assert.match(messageOf(answer.body), field);
  }
  const badId = await h.call("GET", "/views/nope");
  assert.equal(badId.status, 400);
  assert.match(messageOf(badId.body), /id/);
});

apiTest("the aggregation functions are listed with type and description", async (h) => {
  const functions = assertSchema(SeriesFunctionsSchema, (await h.call("GET", "/views/functions")).body);
  assert.deepEqual(Object.keys(functions).sort(), [...SERIES_FUNCTIONS].sort());
  assert.deepEqual(functions.percentile, { type: "percentile", description: "Percentile" });
});

apiTest("only an administrator makes a view the default; unknown views answer 404", async (h) => {
  const view = await createView(h);
  assert.equal((await h.call("PUT", `/views/${view.id}/default`)).status, 204);
  assert.equal((await h.call("PUT", "/views/0123456789abcdef01234567/default")).status, 404);
});

apiTest("the view routes do not shadow GET /views/fields and the views search API", async (h) => {
  assert.equal((await h.call("GET", "/views/fields")).status, 200);
  assert.equal((await h.call("GET", "/views/functions")).status, 200);
});

apiTest("random JSON bodies for views are refused with a 400 that names what is wrong, never a 500", async (h) => {
  const view = await createView(h);
  await fc.assert(
    fc.asyncProperty(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(["POST", "/views"], ["PUT", `/views/${view.id}`], ["POST", "/views/bulk_delete"]),
      async (body, [method, path]) => {
        const answer = await h.call(method as "POST" | "PUT", path, { body: JSON.stringify(body) });
        assert.ok(answer.status < 500, `${method} ${path} with ${JSON.stringify(body)} → ${answer.status} ${JSON.stringify(answer.body)}`);
        if (answer.status === 400) assert.match(messageOf(answer.body), /\S/);
      },
    ),
    { numRuns: 150, seed: 11 },
  );
  assert.equal(assertSchema(ViewSchema, (await h.call("GET", `/views/${view.id}`)).body).title, "Failed logins");
});

apiTest("a reader without dashboards:create can no longer create a dashboard (it answered 200)", async (h) => {
  const answer = await h.call("POST", "/views", { body: await viewBody(h, { type: "DASHBOARD" }, h.readerCookie), cookie: h.readerCookie });
  assert.equal(answer.status, 403);
  assert.equal(messageOf(answer.body), "User is not allowed to create new dashboards.");
  const list = await h.call("GET", "/views", { cookie: h.readerCookie });
  assert.deepEqual(titlesOf(list.body), [], "nothing was stored");
});

apiTest("a reader cannot turn their saved search into a dashboard either", async (h) => {
  const mine = await createView(h, { title: "mine" }, h.readerCookie);
  const body = { ...(await viewBody(h, {}, h.readerCookie)), title: "mine", type: "DASHBOARD" };
  const answer = await h.call("PUT", `/views/${mine.id}`, { body, cookie: h.readerCookie });
  assert.equal(answer.status, 403);
  const after = await h.call("GET", `/views/${mine.id}`, { cookie: h.readerCookie });
  assert.equal(assertSchema(ViewSchema, after.body).type, "SEARCH", "the view is unchanged");
});

apiTest("every reader may still save searches (Graylog's reader base permission view:create); the admin creates both kinds", async (h) => {
  await createView(h, { title: "reader's search" }, h.readerCookie);
  await createView(h, { title: "admin's dashboard", type: "DASHBOARD" });
  assert.ok((await h.backend.users.get("reader"))?.permissions.includes("view:create"));
});
