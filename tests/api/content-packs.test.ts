import assert from "node:assert/strict";
import {
  CatalogIndexSchema,
  CatalogResolveResponseSchema,
  type ContentPack,
  ContentPackInstallationSchema,
  ContentPackInstallationsSchema,
  ContentPackListSchema,
  ContentPackResponseSchema,
  ContentPackRevisionsSchema,
  ContentPackSchema,
  ContentPackUninstallationSchema,
  ContentPackUninstallDetailsSchema,
} from "../../api/schemas/content-packs.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { GrokPatternListSchema, GrokPatternSchema } from "../../api/schemas/grok.ts";
import { StreamSchema } from "../../api/schemas/streams.ts";
import { FORBIDDEN_BODY, type ApiHarness, apiSuite } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const suite = apiSuite("content packs: catalog, packs, installations");

const PACK_ID = "5b9e3f8a-8d9c-4c7e-9d8a-0c7b2a1f3e4d";

async function ok<T>(h: ApiHarness, schema: { parse(value: unknown): T }, method: "GET" | "POST" | "DELETE", path: string, body?: unknown, status = 200) {
  const answer = await h.call(method, path, body === undefined ? {} : { body });
  assert.equal(answer.status, status, `${method} ${path}: ${JSON.stringify(answer.body)}`);
  return assertSchema(schema as never, answer.body) as T;
}

async function badRequest(h: ApiHarness, method: "GET" | "POST" | "DELETE", path: string, body: unknown, message: RegExp) {
  const answer = await h.call(method, path, { body });
  assert.equal(answer.status, 400, `${method} ${path}: ${JSON.stringify(answer.body)}`);
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
}

const state: { grokId: string; streamId: string; entities: ContentPack["entities"]; installationId: string } = {
  grokId: "",
  streamId: "",
  entities: [],
  installationId: "",
};

suite.test("the catalog lists the entities Sluice has, a new grok pattern and stream among them", async (h) => {
  const grok = await ok(h, GrokPatternSchema, "POST", "/system/grok", { name: "PACKED_STATUS", pattern: "status=%{INT:status}" }, 201);
  const stream = await h.call("POST", "/streams", {
    body: { title: "Packed errors", description: "from a pack", rules: [{ field: "level", type: 1, value: "3", inverted: false }] },
  });
  assert.equal(stream.status, 201, JSON.stringify(stream.body));
  state.grokId = grok.id;
  state.streamId = (stream.body as { stream_id: string }).stream_id;
  const { entities } = await ok(h, CatalogIndexSchema, "GET", "/system/catalog");
  assert.deepEqual(entities.find((entity) => entity.id === grok.id), { id: grok.id, type: { name: "grok_pattern", version: "1" }, title: "PACKED_STATUS" });
  assert.deepEqual(entities.find((entity) => entity.id === state.streamId)?.title, "Packed errors");
  assert.ok(!entities.some((entity) => entity.type.name === "stream" && entity.title === "Default Stream"), "the default stream is not exportable");
});

suite.test("resolving names the entities as pack entities with value references, and a pipeline brings its rules", async (h) => {
  const { entities } = await ok(h, CatalogResolveResponseSchema, "POST", "/system/catalog", {
    entities: [{ id: state.grokId, type: { name: "grok_pattern", version: "1" } }, { id: state.streamId, type: { name: "stream", version: "1" } }],
  });
  assert.deepEqual(entities.map((entity) => entity.type.name), ["grok_pattern", "stream"]);
  assert.deepEqual(entities[0].data, { name: { "@type": "string", "@value": "PACKED_STATUS" }, pattern: { "@type": "string", "@value": "status=%{INT:status}" } });
  assert.deepEqual((entities[1].data.rules as unknown[])[0], {
    field: { "@type": "string", "@value": "level" },
    type: { "@type": "integer", "@value": 1 },
    value: { "@type": "string", "@value": "3" },
    inverted: { "@type": "boolean", "@value": false },
    description: { "@type": "string", "@value": "" },
  });
  state.entities = entities;

  const rule = await h.call("POST", "/system/pipelines/rule", {
    body: { source: `rule "packed rule"\nwhen has_field("source")\nthen\n  set_field("packed", true);\nend`, description: "" },
  });
  const pipeline = await h.call("POST", "/system/pipelines/pipeline", {
    body: { source: `pipeline "Packed pipeline"\nstage 0 match either\nrule "packed rule";\nend`, description: "" },
  });
  const resolved = await ok(h, CatalogResolveResponseSchema, "POST", "/system/catalog", {
    entities: [{ id: (pipeline.body as { id: string }).id, type: { name: "pipeline", version: "1" } }],
  });
  assert.deepEqual(resolved.entities.map((entity) => [entity.type.name, entity.id]), [
    ["pipeline", (pipeline.body as { id: string }).id],
    ["pipeline_rule", (rule.body as { id: string }).id],
  ]);
});

suite.test("the catalog refuses unknown entities and types, naming the field", async (h) => {
  await badRequest(h, "POST", "/system/catalog", { entities: [{ id: "000000000000000000000000", type: { name: "grok_pattern", version: "1" } }] }, /entities: there is no grok_pattern/);
  await badRequest(h, "POST", "/system/catalog", { entities: [{ id: "x", type: { name: "spaceship", version: "1" } }] }, /type\.name must be one of/);
  await badRequest(h, "POST", "/system/catalog", { entities: [] }, /entities must name at least one entity/);
});

suite.test("a pack with a parameter is stored, listed with its installation count, and downloaded as JSON", async (h) => {
  const entities = state.entities.map((entity) =>
    entity.type.name === "grok_pattern" ? { ...entity, data: { ...entity.data, pattern: { "@type": "parameter", "@value": "STATUS_PATTERN" } } } : entity
  );
  const pack = {
    v: "1",
    id: PACK_ID,
    rev: 1,
    name: "Packed",
    summary: "A grok pattern and a stream",
    description: "",
    vendor: "Sluice tests",
    url: "",
    parameters: [{ name: "STATUS_PATTERN", title: "Status pattern", description: "", type: "string", default_value: { "@type": "string", "@value": "status=%{INT:status}" } }],
    entities,
  };
  const stored = await ok(h, ContentPackSchema, "POST", "/system/content_packs", pack, 201);
  assert.equal(stored.server_version, "5.1.10");
  await badRequest(h, "POST", "/system/content_packs", pack, /rev: the content pack .* already has revision 1/);
  await badRequest(h, "POST", "/system/content_packs", { ...pack, rev: 2, parameters: [] }, /uses the undeclared parameter <STATUS_PATTERN>/);
  await badRequest(h, "POST", "/system/content_packs", { ...pack, id: "not-a-uuid" }, /id must be a UUID/);
  await badRequest(h, "POST", "/system/content_packs", { ...pack, rev: 3, name: "" }, /name must not be empty/);
  await ok(h, ContentPackSchema, "POST", "/system/content_packs", { ...pack, rev: 2, summary: "Second revision" }, 201);

  const latest = await ok(h, ContentPackListSchema, "GET", "/system/content_packs/latest");
  assert.deepEqual(latest.content_packs.map((p) => [p.id, p.rev]), [[PACK_ID, 2]]);
  assert.deepEqual(latest.content_packs_metadata, { [PACK_ID]: {} });
  const all = await ok(h, ContentPackListSchema, "GET", "/system/content_packs");
  assert.deepEqual(all.content_packs.map((p) => p.rev), [1, 2]);
  const revisions = await ok(h, ContentPackRevisionsSchema, "GET", `/system/content_packs/${PACK_ID}`);
  assert.deepEqual(Object.keys(revisions.content_pack_revisions), ["1", "2"]);
  const one = await ok(h, ContentPackResponseSchema, "GET", `/system/content_packs/${PACK_ID}/1`);
  assert.equal(one.content_pack.summary, "A grok pattern and a stream");

  const file = await h.call("GET", `/system/content_packs/${PACK_ID}/1/download`);
  assert.equal(file.status, 200);
  assert.match(file.headers.get("content-disposition") ?? "", /attachment; filename="content-pack-.*-1\.json"/);
  assert.deepEqual(assertSchema(ContentPackSchema, file.body).entities, entities);

  assert.equal((await h.call("GET", `/system/content_packs/${PACK_ID}/9`)).status, 404);
  assert.equal((await h.call("GET", "/system/content_packs/no-such-pack")).status, 404);
  assert.equal((await h.call("DELETE", `/system/content_packs/${PACK_ID}/2`)).status, 204);
  assert.deepEqual((await ok(h, ContentPackListSchema, "GET", "/system/content_packs/latest")).content_packs.map((p) => p.rev), [1]);
});

suite.test("installing creates the entities again with the parameter's value; an uninstall removes them", async (h) => {
  assert.equal((await h.call("DELETE", `/system/grok/${state.grokId}`)).status, 204);
  assert.equal((await h.call("DELETE", `/streams/${state.streamId}`)).status, 204);
  await badRequest(h, "POST", `/system/content_packs/${PACK_ID}/1/installations`, { parameters: { OTHER: { "@type": "string", "@value": "x" } } }, /parameters\.OTHER: the content pack has no such parameter/);
  await badRequest(h, "POST", `/system/content_packs/${PACK_ID}/1/installations`, { parameters: { STATUS_PATTERN: { "@type": "string", "@value": "%{NO_SUCH_PATTERN}" } } }, /entities: grok_pattern <.*> could not be created: .*NO_SUCH_PATTERN/);
  assert.ok(!(assertSchema(GrokPatternListSchema, (await h.call("GET", "/system/grok")).body)).patterns.some((p) => p.name === "PACKED_STATUS"), "a refused installation leaves nothing");

  const installation = await ok(h, ContentPackInstallationSchema, "POST", `/system/content_packs/${PACK_ID}/1/installations`, {
    parameters: { STATUS_PATTERN: { "@type": "string", "@value": "code=%{INT:code}" } },
    comment: "from the test",
  });
  state.installationId = installation._id;
  assert.deepEqual(installation.entities.map((entity) => [entity.type.name, entity.title, entity.found_on_system]), [
    ["grok_pattern", "PACKED_STATUS", false],
    ["stream", "Packed errors", false],
  ]);
  assert.equal(installation.created_by, "admin");
  const grok = assertSchema(GrokPatternSchema, (await h.call("GET", `/system/grok/${installation.entities[0].id}`)).body);
  assert.equal(grok.pattern, "code=%{INT:code}");
  const stream = assertSchema(StreamSchema, (await h.call("GET", `/streams/${installation.entities[1].id}`)).body);
  assert.deepEqual(stream.rules.map(({ field, type, value }) => ({ field, type, value })), [{ field: "level", type: 1, value: "3" }]);

  const listed = await ok(h, ContentPackInstallationsSchema, "GET", `/system/content_packs/${PACK_ID}/installations`);
  assert.deepEqual(listed.installations.map((i) => i._id), [installation._id]);
  const latest = await ok(h, ContentPackListSchema, "GET", "/system/content_packs/latest");
  assert.deepEqual(latest.content_packs_metadata[PACK_ID], { "1": { installation_count: 1 } });

  // A second installation finds the grok pattern (equal) on the system and makes its own stream.
  const second = await ok(h, ContentPackInstallationSchema, "POST", `/system/content_packs/${PACK_ID}/1/installations`, {
    parameters: { STATUS_PATTERN: { "@type": "string", "@value": "code=%{INT:code}" } },
  });
  assert.deepEqual(second.entities.map((entity) => entity.found_on_system), [true, false]);
  const details = await ok(h, ContentPackUninstallDetailsSchema, "GET", `/system/content_packs/${PACK_ID}/installations/${second._id}/uninstall_details`);
  assert.deepEqual(details.entities.map((entity) => entity.type.name), ["stream"]);
  const secondGone = await ok(h, ContentPackUninstallationSchema, "DELETE", `/system/content_packs/${PACK_ID}/installations/${second._id}`);
  assert.deepEqual([secondGone.entities.length, secondGone.skipped_entities.length, secondGone.failed_entities.length], [1, 1, 0]);

  const removed = await ok(h, ContentPackUninstallationSchema, "DELETE", `/system/content_packs/${PACK_ID}/installations/${installation._id}`);
  assert.deepEqual(removed.entities.map((entity) => entity.type.name), ["stream", "grok_pattern"]);
  assert.equal((await h.call("GET", `/system/grok/${installation.entities[0].id}`)).status, 404);
  assert.equal((await h.call("GET", `/streams/${installation.entities[1].id}`)).status, 404);
  assert.equal((await h.call("GET", `/system/content_packs/${PACK_ID}/installations/${installation._id}/uninstall_details`)).status, 404);
});

suite.test("the reader may not read or change content packs", async (h) => {
  for (const [method, path] of [["GET", "/system/catalog"], ["GET", "/system/content_packs/latest"], ["DELETE", `/system/content_packs/${PACK_ID}`]] as const) {
    const answer = await h.call(method, path, { cookie: h.readerCookie });
    assert.equal(answer.status, 403, path);
    assert.deepEqual(answer.body, FORBIDDEN_BODY);
  }
  assert.equal((await h.call("DELETE", `/system/content_packs/${PACK_ID}`)).status, 204);
  assert.equal((await h.call("DELETE", `/system/content_packs/${PACK_ID}`)).status, 404);
});
