import assert from "node:assert/strict";
import { assertGrnEntityType, createGrn, GRN_ENTITY_TYPES, isGrnEntityType, parseGrn, UnknownGrnTypeError } from "../../../shared/grn.ts";

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

Deno.test("the eleven entity types mapped to pages are known", () => {
  assert.deepEqual([...GRN_ENTITY_TYPES].sort(), [
    "dashboard", "event_definition", "notification", "output", "report", "role", "search", "search_filter", "stream", "team", "user",
  ]);
  for (const type of GRN_ENTITY_TYPES) assert.equal(assertGrnEntityType(type), type);
  assert.equal(isGrnEntityType("widget"), false);
});

Deno.test("an unknown type raises 'Can't find route for type: {type}'", () => {
  assert.throws(() => assertGrnEntityType("widget"), (error: unknown) => {
    assert.ok(error instanceof UnknownGrnTypeError);
    assert.equal(error.message, "Can't find route for type: widget");
    return true;
  });
});
