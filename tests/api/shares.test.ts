import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import {
  type EntityShareResponse,
  EntityShareResponseSchema,
  EVERYONE_GRN,
} from "../../api/schemas/shares.ts";
import { type View, ViewListSchema, ViewSchema } from "../../api/schemas/views.ts";
import { UserSchema } from "../../api/schemas/user.ts";
import { maySeeSearchThroughViews } from "../../api/view-access.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const WEB_TRAFFIC_STREAM_ID = "5f0c1e5a0000000000000101";

/** A saved search of the caller (the admin by default) over a search filtered to `streams`. */
async function createView(
  h: ApiHarness,
  { title = "Failed logins", streams = [] as string[], cookie = undefined as string | undefined } = {},
): Promise<View> {
  const filter = streams.length > 0
    ? { type: "or", filters: streams.map((id) => ({ type: "stream", id })) }
    : null;
  const search = await h.call("POST", "/views/search", {
    body: { queries: [{ id: "q1", timerange: { type: "relative", from: 300 }, filter, search_types: [] }] },
    cookie,
  });
  assert.equal(search.status, 201, JSON.stringify(search.body));
  const body = { type: "SEARCH", title, search_id: (search.body as { id: string }).id, state: {} };
  const created = await h.call("POST", "/views", { body, cookie });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return assertSchema(ViewSchema, created.body);
}

const grnOf = (view: View) => `grn::::search:${view.id}`;

async function userGrn(h: ApiHarness, username: string, cookie: string): Promise<string> {
  const user = assertSchema(UserSchema, (await h.call("GET", `/users/${username}`, { cookie })).body);
  return `grn::::user:${user.id}`;
}

async function prepare(
  h: ApiHarness,
  grn: string,
  selected?: Record<string, string>,
  cookie?: string,
): Promise<EntityShareResponse> {
  const answer = await h.call("POST", `/authz/shares/entities/${encodeURIComponent(grn)}/prepare`, {
    body: selected ? { selected_grantee_capabilities: selected } : {},
    cookie,
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(EntityShareResponseSchema, answer.body);
}

async function update(h: ApiHarness, grn: string, selected: Record<string, string>, cookie?: string) {
  return await h.call("POST", `/authz/shares/entities/${encodeURIComponent(grn)}`, {
    body: { selected_grantee_capabilities: selected },
    cookie,
  });
}

const messageOf = (body: unknown) => assertSchema(ApiErrorSchema, body).message;

apiTest("a new saved search is shared with nobody but its owner, who holds the 'own' grant", async (h) => {
  const view = await createView(h);
  const admin = await userGrn(h, "admin", h.adminCookie);
  const shares = await prepare(h, grnOf(view));
  assert.equal(shares.entity, grnOf(view));
  assert.equal(shares.sharing_user, admin);
  assert.deepEqual(shares.selected_grantee_capabilities, { [admin]: "own" });
  assert.equal(shares.active_shares.length, 1);
  assert.match(shares.active_shares[0].grant, /^grn::::grant:[0-9a-f]{24}$/);
  assert.deepEqual({ ...shares.active_shares[0], grant: "" }, {
    grant: "",
    grantee: admin,
    capability: "own",
  });
  assert.deepEqual(shares.available_capabilities, [
    { id: "view", title: "Viewer" },
    { id: "manage", title: "Manager" },
    { id: "own", title: "Owner" },
  ]);
  // No teams store exists: the grantees are Everyone and the users.
  assert.deepEqual(shares.available_grantees.map(({ type, title }) => `${type}:${title}`), [
    "global:Everyone",
    "user:Administrator",
    "user:Rita Reader",
  ]);
  assert.deepEqual(shares.missing_permissions_on_dependencies, {});
  assert.deepEqual(shares.validation_result, { failed: false, errors: {}, error_context: {} });
});

apiTest("prepare describes a proposed selection without storing it", async (h) => {
  const view = await createView(h);
  const admin = await userGrn(h, "admin", h.adminCookie);
  const reader = await userGrn(h, "reader", h.readerCookie);
  const proposed = await prepare(h, grnOf(view), { [admin]: "own", [reader]: "view" });
  assert.deepEqual(proposed.selected_grantee_capabilities, { [admin]: "own", [reader]: "view" });
  assert.equal(proposed.active_shares.length, 1, "active shares are the stored ones");
  assert.deepEqual((await prepare(h, grnOf(view))).selected_grantee_capabilities, { [admin]: "own" });
  assert.equal(
    (await h.call("GET", `/views/${view.id}`, { cookie: h.readerCookie })).status,
    404,
    "nothing was shared",
  );
});

apiTest(
  "a grantee with 'view' reads and lists the saved search but may neither save, delete nor share it; a non-grantee cannot read it",
  async (h) => {
    const view = await createView(h, { title: "Shared search" });
    const cookie = h.readerCookie;
    assert.equal((await h.call("GET", `/views/${view.id}`, { cookie })).status, 404, "before sharing");
    assert.deepEqual(
      assertSchema(ViewListSchema, (await h.call("GET", "/search/saved", { cookie })).body).elements,
      [],
    );

    const admin = await userGrn(h, "admin", h.adminCookie);
    const reader = await userGrn(h, "reader", cookie);
    const updated = await update(h, grnOf(view), { [admin]: "own", [reader]: "view" });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    const stored = assertSchema(EntityShareResponseSchema, updated.body);
    assert.deepEqual(stored.active_shares.map(({ grantee, capability }) => [grantee, capability]), [[
      admin,
      "own",
    ], [reader, "view"]]);

    const read = await h.call("GET", `/views/${view.id}`, { cookie });
    assert.equal(read.status, 200);
    assert.equal(assertSchema(ViewSchema, read.body).title, "Shared search");
    assert.deepEqual(
      assertSchema(ViewListSchema, (await h.call("GET", "/search/saved", { cookie })).body).elements.map((
        v,
      ) => v.title),
      ["Shared search"],
    );
    assert.equal((await h.call("DELETE", `/views/${view.id}`, { cookie })).status, 403);
    const ownSearch = (await createView(h, { title: "reader's", cookie })).search_id;
    const save = await h.call("PUT", `/views/${view.id}`, {
      body: { type: "SEARCH", title: "Taken over", search_id: ownSearch },
      cookie,
    });
    assert.equal(save.status, 403);
    const share = await h.call("POST", `/authz/shares/entities/${grnOf(view)}/prepare`, { body: {}, cookie });
    assert.equal(share.status, 403);
    assert.equal(messageOf(share.body), "Only owners of this search are allowed to share it.");

    // Taking the share back hides the view again.
    assert.equal((await update(h, grnOf(view), { [admin]: "own" })).status, 200);
    assert.equal((await h.call("GET", `/views/${view.id}`, { cookie })).status, 404);
  },
);

apiTest(
  "sharing with Everyone lets every user read; 'manage' lets them delete; 'own' lets them share",
  async (h) => {
    const view = await createView(h);
    const admin = await userGrn(h, "admin", h.adminCookie);
    const cookie = h.readerCookie;
    assert.equal((await update(h, grnOf(view), { [admin]: "own", [EVERYONE_GRN]: "view" })).status, 200);
    assert.equal((await h.call("GET", `/views/${view.id}`, { cookie })).status, 200);
    assert.equal((await h.call("DELETE", `/views/${view.id}`, { cookie })).status, 403);

    assert.equal((await update(h, grnOf(view), { [admin]: "own", [EVERYONE_GRN]: "own" })).status, 200);
    assert.equal(
      (await h.call("POST", `/authz/shares/entities/${grnOf(view)}/prepare`, { body: {}, cookie })).status,
      200,
    );

    assert.equal((await update(h, grnOf(view), { [admin]: "own", [EVERYONE_GRN]: "manage" })).status, 200);
    assert.equal((await h.call("DELETE", `/views/${view.id}`, { cookie })).status, 200);
    assert.deepEqual(
      (await prepare(h, grnOf(await createView(h)))).active_shares.length,
      1,
      "a deleted view's grants went with it",
    );
  },
);

apiTest(
  "removing every owner is flagged by prepare and refused by update, naming the removed owners",
  async (h) => {
    const view = await createView(h);
    const admin = await userGrn(h, "admin", h.adminCookie);
    const reader = await userGrn(h, "reader", h.readerCookie);
    const proposed = await prepare(h, grnOf(view), { [reader]: "manage" });
    assert.deepEqual(proposed.validation_result, {
      failed: true,
      errors: {
        selected_grantee_capabilities: ["Removing the following owners will leave the entity ownerless."],
      },
      error_context: { selected_grantee_capabilities: [admin] },
    });
    const refused = await update(h, grnOf(view), { [reader]: "manage" });
    assert.equal(refused.status, 400);
    assert.match(messageOf(refused.body), /ownerless/);
    assert.deepEqual(
      (await prepare(h, grnOf(view))).selected_grantee_capabilities,
      { [admin]: "own" },
      "nothing changed",
    );
    // Handing ownership over is fine.
    assert.equal((await update(h, grnOf(view), { [reader]: "own" })).status, 200);
    assert.equal(
      (await h.call("PUT", `/views/${view.id}`, {
        body: { type: "SEARCH", title: "x", search_id: view.search_id },
      })).status,
      200,
      "admins keep access",
    );
  },
);

apiTest(
  "grantees who cannot read a stream the search uses are told so as missing dependencies",
  async (h) => {
    const view = await createView(h, { streams: [WEB_TRAFFIC_STREAM_ID, DEFAULT_STREAM_ID] });
    const admin = await userGrn(h, "admin", h.adminCookie);
    const reader = await userGrn(h, "reader", h.readerCookie);
    const proposed = await prepare(h, grnOf(view), {
      [admin]: "own",
      [reader]: "view",
      [EVERYONE_GRN]: "view",
    });
    const webTraffic = {
      grn: `grn::::stream:${WEB_TRAFFIC_STREAM_ID}`,
      type: "stream",
      title: "Web traffic",
      owners: [],
    };
    assert.deepEqual(proposed.missing_permissions_on_dependencies, {
      [reader]: [webTraffic],
      [EVERYONE_GRN]: [webTraffic],
    });
  },
);

apiTest("bad share requests get a 400 naming what is wrong; unknown views 404", async (h) => {
  const view = await createView(h);
  const cases: [string, unknown, RegExp][] = [
    [`/authz/shares/entities/${grnOf(view)}`, {}, /selected_grantee_capabilities is required/],
    [`/authz/shares/entities/${grnOf(view)}/prepare`, {
      selected_grantee_capabilities: { [EVERYONE_GRN]: "admin" },
    }, /capability must be one of view, manage, own/],
    [`/authz/shares/entities/${grnOf(view)}/prepare`, {
      selected_grantee_capabilities: { "not-a-grn": "view" },
    }, /selected_grantee_capabilities.*GRN/],
    [`/authz/shares/entities/${grnOf(view)}/prepare`, {
      selected_grantee_capabilities: { "grn::::user:0123456789abcdef01234567": "view" },
    }, /no grantee grn::::user:0123456789abcdef01234567/],
    [`/authz/shares/entities/${grnOf(view)}/prepare`, { selected: {} }, /Invalid request body/],
    [`/authz/shares/entities/${grnOf(view)}/prepare`, "[1,", /Malformed JSON|Invalid|JSON/i],
    ["/authz/shares/entities/not-a-grn/prepare", {}, /grn must be a GRN/],
    [
      "/authz/shares/entities/grn::::role:000000000000000000000001/prepare",
      {},
      /sharing role entities is not supported \(only search, dashboard, stream, event_definition, notification, output\)/,
    ],
  ];
  for (const [path, body, message] of cases) {
    const answer = await h.call("POST", path, { body });
    assert.equal(answer.status, 400, `${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
    assert.match(messageOf(answer.body), message);
  }
  const missing = await h.call(
    "POST",
    "/authz/shares/entities/grn::::search:0123456789abcdef01234567/prepare",
    { body: {} },
  );
  assert.equal(missing.status, 404);
  assert.equal(messageOf(missing.body), "No search with id 0123456789abcdef01234567.");
  const wrongType = await h.call("POST", `/authz/shares/entities/grn::::dashboard:${view.id}/prepare`, {
    body: {},
  });
  assert.equal(wrongType.status, 404, "a saved search is not a dashboard");
});

apiTest("a grantee may read the search behind a saved search shared with them, and only then", async (h) => {
  const view = await createView(h);
  const reader = (await h.backend.users.get("reader"))!;
  assert.equal(await maySeeSearchThroughViews(h.backend, reader, view.search_id), false);
  const admin = await userGrn(h, "admin", h.adminCookie);
  assert.equal((await update(h, grnOf(view), { [admin]: "own", [EVERYONE_GRN]: "view" })).status, 200);
  assert.equal(await maySeeSearchThroughViews(h.backend, reader, view.search_id), true);
  assert.equal(await maySeeSearchThroughViews(h.backend, reader, "0123456789abcdef01234567"), false);
});

apiTest("an output shared with a reader can be read by them, and changed only once they may manage it", async (h) => {
  const created = await h.call("POST", "/system/outputs", {
    body: { title: "Archive copy", type: "org.graylog2.outputs.LoggingOutput", configuration: {}, streams: [] },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const output = created.body as { id: string; title: string };
  const grn = `grn::::output:${output.id}`;
  const reader = await userGrn(h, "reader", h.readerCookie);
  const read = () => h.call("GET", `/system/outputs/${output.id}`, { cookie: h.readerCookie });
  const rename = () => h.call("PUT", `/system/outputs/${output.id}`, { cookie: h.readerCookie, body: { title: "Renamed by the reader" } });
  assert.equal((await read()).status, 403, "not shared: not readable");

  assert.equal((await prepare(h, grn)).entity, grn, "an output is a shareable entity");
  assert.equal((await update(h, grn, { [reader]: "view" })).status, 200);
  assert.equal((await read()).status, 200);
  assert.equal((await rename()).status, 403, "viewing is not managing");

  assert.equal((await update(h, grn, { [reader]: "manage" })).status, 200);
  assert.equal((await rename()).status, 200);
  assert.equal((await h.call("DELETE", `/system/outputs/${output.id}`, { cookie: h.readerCookie })).status, 403, "managing is not owning");
  const shared = await h.call("GET", `/authz/shares/user/${reader.split(":").pop()}?per_page=100`, { cookie: h.readerCookie });
  assert.match(JSON.stringify(shared.body), /Renamed by the reader/, "the reader's shares list the output");
});
