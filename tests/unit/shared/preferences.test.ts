import assert from "node:assert/strict";
import { convertPreferences } from "../../../shared/preferences.ts";

Deno.test("the strings 'true' and 'false' become booleans; other values are kept", () => {
  assert.deepEqual(
    convertPreferences({ enableSmartSearch: "true", updateUnfocussed: "false", themeMode: "noir", perPage: 50, pinned: true, none: null }),
    { enableSmartSearch: true, updateUnfocussed: false, themeMode: "noir", perPage: 50, pinned: true, none: null },
  );
});

Deno.test("only the exact lower-case strings are converted", () => {
  assert.deepEqual(convertPreferences({ a: "TRUE", b: "False", c: " true", d: "1", e: "" }), { a: "TRUE", b: "False", c: " true", d: "1", e: "" });
});

Deno.test("missing preferences become an empty map", () => {
  assert.deepEqual(convertPreferences(null), {});
  assert.deepEqual(convertPreferences(undefined), {});
  assert.deepEqual(convertPreferences({}), {});
});

Deno.test("nested values from older servers are kept as JSON text instead of being dropped", () => {
  assert.deepEqual(convertPreferences({ layout: { a: 1 }, list: [1, "x"] }), { layout: '{"a":1}', list: '[1,"x"]' });
});
