import assert from "node:assert/strict";
import { parse } from "yaml";
import { OPENAPI_YAML_PATH, renderOpenApiYaml } from "../../scripts/write-openapi.ts";

Deno.test("openapi.yaml is the document the API generates now", async () => {
  const fresh = await renderOpenApiYaml();
  let committed: string;
  try {
    committed = await Deno.readTextFile(OPENAPI_YAML_PATH);
  } catch {
    assert.fail("openapi.yaml is missing: run `npx --yes deno@2.9.6 task openapi` and commit it");
  }
  if (committed !== fresh) {
    const stale = fresh.split("\n").findIndex((line, i) => line !== committed.split("\n")[i]);
    assert.fail(
      `openapi.yaml is stale (first difference at line ${stale + 1}): run \`npx --yes deno@2.9.6 task openapi\` and commit it`,
    );
  }
});

Deno.test("openapi.yaml is a valid OpenAPI 3.1 document of the Sluice API", async () => {
  const document = parse(await Deno.readTextFile(OPENAPI_YAML_PATH));
  assert.equal(document.openapi, "3.1.0");
  assert.equal(document.info.title, "Sluice API");
  assert.deepEqual(document.servers, [{ url: "/api" }]);
  assert.ok(document.paths["/system/sessions"].post, "sign-in is documented");
  assert.ok(document.components.schemas.ApiError, "the error body is a shared component");
});

Deno.test("no schema of openapi.yaml asks a value to be both a reference and null (a nullable $ref is an anyOf)", async () => {
  const document = parse(await Deno.readTextFile(OPENAPI_YAML_PATH));
  const found: string[] = [];
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`));
    if (node === null || typeof node !== "object") return;
    const schema = node as Record<string, unknown>;
    const members = Array.isArray(schema.allOf) ? schema.allOf as Record<string, unknown>[] : [];
    const admitsNull = (member: Record<string, unknown>) => member.type === "null" || (Array.isArray(member.type) && member.type.includes("null"));
    if (members.some((member) => "$ref" in member) && members.some(admitsNull)) found.push(where);
    for (const [key, value] of Object.entries(schema)) visit(value, `${where}/${key}`);
  };
  visit(document, "#");
  assert.deepEqual(found, [], "a nullable reference must be written z.union([Schema, z.null()]), not Schema.nullable()");
});
