import assert from "node:assert/strict";
import { sourcesHash } from "../../../scripts/build-stamp.ts";

Deno.test("the client sources' hash changes with the files the build read and ignores packages and plugin modules", () => {
  const base = sourcesHash(["ui/api/api-client.ts"]);
  assert.notEqual(sourcesHash(["ui/api/resource-query.ts"]), base);
  assert.equal(sourcesHash(["ui/api/api-client.ts", "node_modules/.deno/react@19.3.1/node_modules/react/index.js"]), base);
  assert.equal(sourcesHash(["zod-openapi-client:extension", "ui/api/api-client.ts"]), base);
});
