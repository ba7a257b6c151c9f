import assert from "node:assert/strict";
import { EntityListPreferencesSchema } from "../../api/schemas/entity-list-preferences.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const LAYOUT = { displayed_attributes: ["title", "description", "created_at"], sort: { field: "title", order: "desc" }, per_page: 20 };

apiTest("a table without saved layout answers an empty object", async (h) => {
  const answer = await h.call("GET", "/entitylists/preferences/never-saved.table");
  assert.equal(answer.status, 200);
  assert.deepEqual(assertSchema(EntityListPreferencesSchema, answer.body), {});
});

apiTest("a saved table layout reads back the same", async (h) => {
  const saved = await h.call("POST", "/entitylists/preferences/streams", { body: LAYOUT });
  assert.equal(saved.status, 204);
  const answer = await h.call("GET", "/entitylists/preferences/streams");
  assert.deepEqual(assertSchema(EntityListPreferencesSchema, answer.body), LAYOUT);
});

apiTest("saving again replaces the layout; a layout without sort omits it", async (h) => {
  await h.call("POST", "/entitylists/preferences/streams", { body: LAYOUT });
  await h.call("POST", "/entitylists/preferences/streams", { body: { displayed_attributes: ["title"], per_page: 50 } });
  assert.deepEqual((await h.call("GET", "/entitylists/preferences/streams")).body, { displayed_attributes: ["title"], per_page: 50 });
});

apiTest("layouts are kept per table and per user", async (h) => {
  await h.call("POST", "/entitylists/preferences/streams", { body: LAYOUT });
  await h.call("POST", "/entitylists/preferences/streams", { body: { per_page: 100 }, cookie: h.readerCookie });
  assert.deepEqual((await h.call("GET", "/entitylists/preferences/dashboards")).body, {});
  assert.deepEqual((await h.call("GET", "/entitylists/preferences/streams", { cookie: h.readerCookie })).body, { per_page: 100 });
  assert.deepEqual((await h.call("GET", "/entitylists/preferences/streams")).body, LAYOUT);
});

apiTest("a bad entity table id is refused with 400 naming entityTableId", async (h) => {
  for (const id of ["bad!id", "with space", "a".repeat(101), "ü"]) {
    for (const method of ["GET", "POST"] as const) {
      const answer = await h.call(method, `/entitylists/preferences/${encodeURIComponent(id)}`, { body: method === "POST" ? LAYOUT : undefined });
      assert.equal(answer.status, 400, `${method} ${id}`);
      assert.match(assertSchema(ApiErrorSchema, answer.body).message, /^Invalid path parameter: entityTableId: /);
    }
  }
});

apiTest("malformed layouts are refused with 400 naming the field, and nothing is saved", async (h) => {
  const cases: [unknown, RegExp][] = [
    [{ per_page: "20" }, /request body: per_page: .*expected number/],
    [{ per_page: 0 }, /per_page:/],
    [{ per_page: 2.5 }, /per_page:/],
    [{ sort: { field: "title", order: "up" } }, /sort\.order:/],
    [{ sort: { field: "", order: "asc" } }, /sort\.field:/],
    [{ sort: { attributeId: "title", direction: "asc" } }, /sort/],
    [{ displayed_attributes: "title" }, /displayed_attributes:/],
    [{ displayed_attributes: [""] }, /displayed_attributes\.0:/],
    [{ perPage: 20 }, /Unrecognized key: "perPage"/],
    ["[1,", /Malformed JSON in request body/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("POST", "/entitylists/preferences/streams", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
  }
  assert.deepEqual((await h.call("GET", "/entitylists/preferences/streams")).body, {});
});
