import assert from "node:assert/strict";
import { API_TYPES_PATH, renderApiTypes } from "../../scripts/write-api-types.ts";

Deno.test("ui/api/openapi-types.ts holds the types openapi.yaml generates now", async () => {
  const fresh = await renderApiTypes();
  let committed: string;
  try {
    committed = await Deno.readTextFile(API_TYPES_PATH);
  } catch {
    assert.fail("ui/api/openapi-types.ts is missing: run `npx --yes deno@2.9.6 task openapi` and commit it");
  }
  if (committed !== fresh) {
    const committedLines = committed.split("\n");
    const stale = fresh.split("\n").findIndex((line, i) => line !== committedLines[i]);
    assert.fail(
      `ui/api/openapi-types.ts is stale (first difference at line ${stale + 1}): run \`npx --yes deno@2.9.6 task openapi\` and commit it`,
    );
  }
});
