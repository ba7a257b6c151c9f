import assert from "node:assert/strict";
import { createGrn, parseGrn } from "../../../shared/grn.ts";

Deno.test("product-built GRNs look like grn::::{type}:{id}", () => {
  assert.equal(createGrn("dashboard", "62b0c7f1e4b0a1d2c3e4f5a6"), "grn::::dashboard:62b0c7f1e4b0a1d2c3e4f5a6");
});

Deno.test("a GRN parses into its six parts and round-trips", () => {
  const grn = createGrn("stream", "000000000000000000000001");
  assert.deepEqual(parseGrn(grn), { resourceNameType: "grn", cluster: "", tenant: "", scope: "", type: "stream", id: "000000000000000000000001" });
  const full = parseGrn("grn:cluster-a:tenant-b:scope-c:user:42");
  assert.deepEqual(full, { resourceNameType: "grn", cluster: "cluster-a", tenant: "tenant-b", scope: "scope-c", type: "user", id: "42" });
});

Deno.test("anything but six colon-separated parts with grn, a type and an id is not a GRN", () => {
  for (const text of ["", "grn", "grn::::stream", "grn:::stream:1", "grn::::stream:1:2", "urn::::stream:1", "grn:::::1", "grn::::stream:"]) {
    assert.equal(parseGrn(text), null, text);
  }
});
