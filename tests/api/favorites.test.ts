import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { FavoritesListSchema } from "../../api/schemas/favorites.ts";
import { createGrn } from "../../shared/grn.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const DEFAULT_STREAM = createGrn("stream", "000000000000000000000001");

/** Saves a view of the type as the caller (the admin by default) and answers its GRN. */
async function saveView(h: ApiHarness, type: "SEARCH" | "DASHBOARD", title: string, cookie?: string): Promise<string> {
  const search = await h.call("POST", "/views/search", {
    body: { queries: [{ id: "q1", timerange: { type: "relative", from: 300 }, search_types: [] }] },
    cookie,
  });
  assert.equal(search.status, 201, JSON.stringify(search.body));
  const view = await h.call("POST", "/views", {
    body: { type, title, search_id: (search.body as { id: string }).id, state: {} },
    cookie,
  });
  assert.equal(view.status, 200, JSON.stringify(view.body));
  return createGrn(type === "DASHBOARD" ? "dashboard" : "search", (view.body as { id: string }).id);
}

const favoritePath = (grn: string) => `/favorites/${encodeURIComponent(grn)}`;

async function listFavorites(h: ApiHarness, query = "", cookie?: string) {
  const answer = await h.call("GET", `/favorites${query}`, { cookie });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(FavoritesListSchema, answer.body);
}

apiTest("a new user has no favorites", async (h) => {
  const list = await listFavorites(h);
  assert.deepEqual(list, { favorites: [], total: 0, pagination: { total: 0, count: 0, page: 1, per_page: 50 } });
});

apiTest("an added favorite is listed with its entity's title and type, newest first", async (h) => {
  const DASHBOARD = await saveView(h, "DASHBOARD", "Web traffic");
  assert.equal((await h.call("PUT", favoritePath(DEFAULT_STREAM))).status, 204);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal((await h.call("PUT", favoritePath(DASHBOARD))).status, 204);
  const list = await listFavorites(h);
  assert.equal(list.total, 2);
  assert.deepEqual(list.favorites, [
    { grn: DASHBOARD, type: "dashboard", title: "Web traffic" },
    { grn: DEFAULT_STREAM, type: "stream", title: "Default Stream" },
  ]);
});

apiTest("a GRN works in the path without URL-encoding its colons", async (h) => {
  assert.equal((await h.call("PUT", `/favorites/${DEFAULT_STREAM}`)).status, 204);
  assert.deepEqual((await listFavorites(h)).favorites.map((f) => f.grn), [DEFAULT_STREAM]);
});

apiTest("adding a favorite twice keeps one entry", async (h) => {
  assert.equal((await h.call("PUT", favoritePath(DEFAULT_STREAM))).status, 204);
  assert.equal((await h.call("PUT", favoritePath(DEFAULT_STREAM))).status, 204);
  assert.equal((await listFavorites(h)).total, 1);
});

apiTest("a removed favorite is no longer listed, and removing it again is harmless", async (h) => {
  const DASHBOARD = await saveView(h, "DASHBOARD", "Web traffic");
  await h.call("PUT", favoritePath(DEFAULT_STREAM));
  await h.call("PUT", favoritePath(DASHBOARD));
  assert.equal((await h.call("DELETE", favoritePath(DEFAULT_STREAM))).status, 204);
  assert.deepEqual((await listFavorites(h)).favorites.map((f) => f.grn), [DASHBOARD]);
  assert.equal((await h.call("DELETE", favoritePath(DEFAULT_STREAM))).status, 204);
  assert.equal((await listFavorites(h)).total, 1);
});

apiTest("favorites are personal: the reader does not see the admin's", async (h) => {
  const DASHBOARD = await saveView(h, "DASHBOARD", "Web traffic");
  const SEARCH = await saveView(h, "SEARCH", "Reader's search", h.readerCookie);
  await h.call("PUT", favoritePath(DASHBOARD));
  await h.call("PUT", favoritePath(SEARCH), { cookie: h.readerCookie });
  assert.deepEqual((await listFavorites(h, "", h.readerCookie)).favorites.map((f) => f.grn), [SEARCH]);
  assert.deepEqual((await listFavorites(h)).favorites.map((f) => f.grn), [DASHBOARD]);
  // Removing a GRN only the admin holds does nothing for the reader.
  await h.call("DELETE", favoritePath(DASHBOARD), { cookie: h.readerCookie });
  assert.equal((await listFavorites(h)).total, 1);
});

apiTest("favorites can be filtered by type and paged", async (h) => {
  const DASHBOARD = await saveView(h, "DASHBOARD", "Web traffic");
  const SEARCH = await saveView(h, "SEARCH", "Failed logins");
  for (const grn of [DEFAULT_STREAM, DASHBOARD, SEARCH]) {
    await h.call("PUT", favoritePath(grn));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const dashboards = await listFavorites(h, "?type=dashboard");
  assert.deepEqual(dashboards.favorites.map((f) => f.grn), [DASHBOARD]);
  assert.equal(dashboards.total, 1);
  const second = await listFavorites(h, "?page=2&per_page=1");
  assert.deepEqual(second.favorites.map((f) => f.grn), [DASHBOARD]);
  assert.deepEqual(second.pagination, { total: 3, count: 1, page: 2, per_page: 1 });
  const beyond = await listFavorites(h, "?page=9&per_page=1");
  assert.deepEqual(beyond.favorites, []);
  assert.equal(beyond.total, 3);
});

apiTest("a path that is not a GRN is refused with 400 naming the grn parameter, and nothing is stored", async (h) => {
  for (const grn of ["notagrn", "grn::::stream", "grn:::::", "urn::::stream:1", "grn::::stream:1:extra"]) {
    for (const method of ["PUT", "DELETE"] as const) {
      const answer = await h.call(method, favoritePath(grn));
      assert.equal(answer.status, 400, `${method} ${grn}`);
      assert.match(assertSchema(ApiErrorSchema, answer.body).message, /^Invalid path parameter: grn: /);
    }
  }
  assert.equal((await listFavorites(h)).total, 0);
});

apiTest("bad paging parameters are refused with 400 naming the parameter", async (h) => {
  const cases: [string, RegExp][] = [
    ["?page=0", /page: page must be a positive integer/],
    ["?page=-1", /page: page must be a positive integer/],
    ["?page=abc", /query parameter: page:/],
    ["?per_page=0", /query parameter: per_page:/],
    ["?per_page=5000", /query parameter: per_page:/],
    ["?page=1.5", /query parameter: page:/],
  ];
  for (const [query, message] of cases) {
    const answer = await h.call("GET", `/favorites${query}`);
    assert.equal(answer.status, 400, query);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
  }
});

apiTest("a reader cannot favorite the admin's private view, and its title does not leak through the favorites", async (h) => {
  const adminSearch = await saveView(h, "SEARCH", "Admin's secret search");
  const adminDashboard = await saveView(h, "DASHBOARD", "Admin's secret dashboard");
  for (const grn of [adminSearch, adminDashboard]) {
    const answer = await h.call("PUT", favoritePath(grn), { cookie: h.readerCookie });
    assert.equal(answer.status, 404, grn);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, /that you may read/);
  }
  const list = await listFavorites(h, "", h.readerCookie);
  assert.deepEqual(list.favorites, []);
  assert.ok(!JSON.stringify(list).includes("secret"));
});

apiTest("a favorite of a view no longer shared with the caller is no longer listed", async (h) => {
  const search = await saveView(h, "SEARCH", "Shared for a while");
  const id = search.split(":").at(-1)!;
  const admin = await h.call("GET", "/users/admin");
  const owner = { [createGrn("user", (admin.body as { id: string }).id)]: "own" };
  const share = (capability: string | null) =>
    h.call("POST", `/authz/shares/entities/${encodeURIComponent(search)}`, {
      body: { selected_grantee_capabilities: capability ? { ...owner, "grn::::builtin-team:everyone": capability } : owner },
    });
  const shared = await share("view");
  assert.equal(shared.status, 200, JSON.stringify(shared.body));
  assert.equal((await h.call("GET", `/views/${id}`, { cookie: h.readerCookie })).status, 200);
  assert.equal((await h.call("PUT", favoritePath(search), { cookie: h.readerCookie })).status, 204);
  assert.deepEqual((await listFavorites(h, "", h.readerCookie)).favorites.map((f) => f.title), ["Shared for a while"]);
  assert.equal((await share(null)).status, 200);
  const list = await listFavorites(h, "", h.readerCookie);
  assert.deepEqual(list.favorites, []);
  assert.equal(list.total, 0);
});

apiTest("a stream the caller may not read cannot be favorited", async (h) => {
  const streams = await h.call("GET", "/streams");
  const other = (streams.body as { streams: { id: string }[] }).streams.find((stream) => stream.id !== "000000000000000000000001");
  assert.ok(other, "the seed has a second stream");
  assert.equal((await h.call("PUT", favoritePath(createGrn("stream", other.id)), { cookie: h.readerCookie })).status, 404);
  assert.equal((await h.call("PUT", favoritePath(DEFAULT_STREAM), { cookie: h.readerCookie })).status, 204);
});
