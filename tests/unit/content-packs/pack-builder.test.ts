import assert from "node:assert/strict";
import type { ContentPackEntity } from "../../../api/schemas/content-packs.ts";
import { buildContentPack, missingDetail, parameterTargets } from "../../../ui/system/content-packs/logic/pack-builder.ts";

const grokEntity = (overrides: Partial<ContentPackEntity> = {}): ContentPackEntity => ({
  v: "1",
  type: { name: "grok_pattern", version: "1" },
  id: "g1",
  data: { name: { "@type": "string", "@value": "STATUS" }, pattern: { "@type": "string", "@value": "status=%{INT}" } },
  constraints: [],
  ...overrides,
});

Deno.test("every literal leaf of an entity can be chosen for a parameter, labelled by entity title and path", () => {
  const stream: ContentPackEntity = {
    ...grokEntity({ id: "s1", type: { name: "stream", version: "1" } }),
    data: { title: { "@type": "string", "@value": "Errors" }, rules: [{ field: { "@type": "string", "@value": "level" } }] },
  };
  const targets = parameterTargets([grokEntity(), stream], (entity) => (entity.id === "g1" ? "STATUS" : "Errors"));
  assert.deepEqual(targets.map((target) => [target.key, target.label, target.valueType]), [
    ["g1:name", "STATUS → name", "string"],
    ["g1:pattern", "STATUS → pattern", "string"],
    ["s1:title", "Errors → title", "string"],
    ["s1:rules.0.field", "Errors → rules.0.field", "string"],
  ]);
});

Deno.test("a built pack replaces the chosen leaves by parameter references and types the defaults", () => {
  const pack = buildContentPack(
    { name: "P", summary: "S", description: "", vendor: "V", url: "" },
    [grokEntity()],
    [{ name: "PORT", title: "Port", type: "integer", defaultValue: "5044", targets: ["g1:pattern"] }],
    null,
    () => "00000000-0000-4000-8000-000000000001",
  );
  assert.equal(pack.rev, 1);
  assert.deepEqual(pack.entities[0].data.pattern, { "@type": "parameter", "@value": "PORT" });
  assert.deepEqual(pack.entities[0].data.name, { "@type": "string", "@value": "STATUS" });
  assert.deepEqual(pack.parameters, [{ name: "PORT", title: "Port", description: "", type: "integer", default_value: { "@type": "integer", "@value": 5044 } }]);
  const next = buildContentPack({ name: "P", summary: "S", description: "", vendor: "V", url: "" }, [], [], { id: pack.id, rev: 3 }, () => "unused");
  assert.deepEqual([next.id, next.rev], [pack.id, 4]);
});

Deno.test("the wizard names the first missing detail", () => {
  assert.equal(missingDetail({ name: "", summary: "", description: "", vendor: "", url: "" }), "Name is required.");
  assert.equal(missingDetail({ name: "n", summary: "s", description: "", vendor: " ", url: "" }), "Vendor is required.");
  assert.equal(missingDetail({ name: "n", summary: "s", description: "", vendor: "v", url: "" }), null);
});
