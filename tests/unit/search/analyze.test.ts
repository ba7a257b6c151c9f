import assert from "node:assert/strict";
import fc from "fast-check";
import { analyze } from "../../../mock-backend/search/field-catalog.ts";

/** The analyzer's rule written once with Unicode classes only: the ASCII fast path must agree with it. */
const unicodeTokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}_]+(?:['.][\p{L}\p{N}_]+)*/gu) ?? [];

Deno.test("analysed text gives the same tokens on the ASCII fast path as by the Unicode rule", () => {
  assert.deepEqual(analyze("Failed password for ROOT from 10.0.0.7 port 22: don't-retry a_b"), [
    "failed", "password", "for", "root", "from", "10.0.0.7", "port", "22", "don't", "retry", "a_b",
  ]);
  assert.deepEqual(analyze("Größe café \u212Aelvin"), ["größe", "café", "kelvin"]);
  fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => {
    assert.deepEqual(analyze(text), unicodeTokens(text));
  }), { numRuns: 2000, seed: 7 });
  fc.assert(fc.property(fc.string({ unit: fc.constantFrom("a", "Z", "0", "_", ".", "'", " ", "-", "é", "\u212A") }), (text) => {
    assert.deepEqual(analyze(text), unicodeTokens(text));
  }), { numRuns: 2000, seed: 8 });
});
