import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { FavoritesListSchema } from "../../api/schemas/favorites.ts";
import { createGrn } from "../../shared/grn.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const DEFAULT_STREAM = createGrn("stream", "000000000000000000000001");
const DASHBOARD = createGrn("dashboard", "62b0c7f1e4b0a1d2c3e4f5a6");
const SEARCH = createGrn("search", "62b0c7f1e4b0a1d2c3e4f5b7");

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
  assert.equal((await h.call("PUT", favoritePath(DEFAULT_STREAM))).status, 204);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal((await h.call("PUT", favoritePath(DASHBOARD))).status, 204);
  const list = await listFavorites(h);
  assert.equal(list.total, 2);
  assert.deepEqual(list.favorites, [
    // No dashboard store yet: an entity without a known title shows its id.
    { grn: DASHBOARD, type: "dashboard", title: "62b0c7f1e4b0a1d2c3e4f5a6" },
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
  await h.call("PUT", favoritePath(DEFAULT_STREAM));
  await h.call("PUT", favoritePath(DASHBOARD));
  assert.equal((await h.call("DELETE", favoritePath(DEFAULT_STREAM))).status, 204);
  assert.deepEqual((await listFavorites(h)).favorites.map((f) => f.grn), [DASHBOARD]);
  assert.equal((await h.call("DELETE", favoritePath(DEFAULT_STREAM))).status, 204);
  assert.equal((await listFavorites(h)).total, 1);
});

apiTest("favorites are personal: the reader does not see the admin's", async (h) => {
  await h.call("PUT", favoritePath(DASHBOARD));
  await h.call("PUT", favoritePath(SEARCH), { cookie: h.readerCookie });
  assert.deepEqual((await listFavorites(h, "", h.readerCookie)).favorites.map((f) => f.grn), [SEARCH]);
  assert.deepEqual((await listFavorites(h)).favorites.map((f) => f.grn), [DASHBOARD]);
  // Removing a GRN only the admin holds does nothing for the reader.
  await h.call("DELETE", favoritePath(DASHBOARD), { cookie: h.readerCookie });
  assert.equal((await listFavorites(h)).total, 1);
});

apiTest("favorites can be filtered by type and paged", async (h) => {
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
