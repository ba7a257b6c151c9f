import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_GROK_PATTERNS } from "../../../fixtures/default-grok-patterns.ts";
import { compileGrok, GrokError } from "../../../shared/grok/grok-compiler.ts";
import { parseGrokPatternFile } from "../../../shared/grok/pattern-file.ts";

const DEFAULTS = new Map(DEFAULT_GROK_PATTERNS.map(({ name, pattern }) => [name, pattern]));
const dictionary = (entries: Record<string, string>) => new Map([...DEFAULTS, ...Object.entries(entries)]);

Deno.test("every default pattern compiles on its own", () => {
  for (const { name } of DEFAULT_GROK_PATTERNS) {
    assert.doesNotThrow(() => compileGrok(`%{${name}}`, DEFAULTS), name);
  }
});

Deno.test("a named reference is captured under its field name, expanded through nested patterns", () => {
  const grok = compileGrok("%{IPORHOST:client} %{WORD:verb}", DEFAULTS);
  assert.deepEqual(grok.match("10.0.0.7 GET", { namedCapturesOnly: true }), { client: "10.0.0.7", verb: "GET" });
});

Deno.test("bare references are reported under the pattern name unless only named captures are asked for", () => {
  const grok = compileGrok("%{WORD} %{INT:n}", DEFAULTS);
  assert.deepEqual(grok.match("hello 42", { namedCapturesOnly: true }), { n: "42" });
  const all = grok.match("hello 42")!;
  assert.equal(all.WORD, "hello");
  assert.equal(all.n, "42");
  assert.equal(all.INT, undefined, "a named reference is reported under its field, not its pattern name");
});

Deno.test("a capture type converts the value; ';' separates like ':'", () => {
  const grok = compileGrok("%{INT:status:int} %{NUMBER:took;float} %{WORD:ok:boolean}", DEFAULTS);
  assert.deepEqual(grok.match("200 1.5 true", { namedCapturesOnly: true }), { status: 200, took: 1.5, ok: true });
});

Deno.test("an unknown capture type is refused, naming the known ones", () => {
  assert.throws(() => compileGrok("%{INT:status:integr}", DEFAULTS), (error: Error) =>
    error instanceof GrokError && /Unknown capture type 'integr' in %\{INT…\}; known types: string, /.test(error.message));
});

Deno.test("a text that does not match gives null; the match is found anywhere in the text", () => {
  const grok = compileGrok("user=%{USERNAME:user}", DEFAULTS);
  assert.equal(grok.match("nothing here"), null);
  assert.deepEqual(grok.match("login ok user=rita from x", { namedCapturesOnly: true }), { user: "rita" });
});

Deno.test("a missing reference is reported with the pattern that uses it", () => {
  assert.throws(() => compileGrok("%{NOPE:x}", DEFAULTS), { name: "GrokError", message: "No grok pattern named NOPE" });
  assert.throws(() => compileGrok("%{OUTER}", dictionary({ OUTER: "a %{INNER}" })), {
    message: "No grok pattern named INNER (used by OUTER)",
  });
});

Deno.test("a circular reference is reported with its whole chain instead of recursing forever", () => {
  const cyclic = dictionary({ A: "x %{B}", B: "y %{C:c}", C: "%{A}" });
  assert.throws(() => compileGrok("%{A}", cyclic), { name: "GrokError", message: "Circular grok pattern reference: A → B → C → A" });
  assert.throws(() => compileGrok("%{SELF}", dictionary({ SELF: "%{SELF}" })), {
    message: "Circular grok pattern reference: SELF → SELF",
  });
});

Deno.test("a reference used twice side by side is no cycle", () => {
  assert.deepEqual(compileGrok("%{INT:a}-%{INT:b}", DEFAULTS).match("1-2", { namedCapturesOnly: true }), { a: "1", b: "2" });
});

Deno.test("a regular expression JavaScript refuses is a GrokError, not a SyntaxError", () => {
  assert.throws(() => compileGrok("(unclosed", DEFAULTS), (error: Error) =>
    error instanceof GrokError && error.message.startsWith("Invalid regular expression: "));
});

Deno.test("COMBINEDAPACHELOG parses real Apache access lines", () => {
  const lines = readFileSync(join(import.meta.dirname!, "../../data/apache_access_10k.log"), "utf8").split("\n").slice(0, 200);
  const grok = compileGrok("%{COMBINEDAPACHELOG}", DEFAULTS);
  for (const line of lines.filter(Boolean)) {
    const captured = grok.match(line, { namedCapturesOnly: true });
    assert.ok(captured, line);
    assert.match(String(captured.clientip), /^[\d.]+$|^[\w.-]+$/, line);
    assert.match(String(captured.response), /^\d{3}$/, line);
  }
  const first = grok.match(lines[0], { namedCapturesOnly: true })!;
  assert.deepEqual(Object.keys(first).sort(), [
    "agent", "auth", "bytes", "clientip", "httpversion", "ident", "referrer", "request", "response", "timestamp", "verb",
  ]);
});

Deno.test("a pattern file gives one definition per 'NAME pattern' line, skipping comments, blanks and other lines", () => {
  const text = "# comment\n\nWORD2 \\b\\w+\\b\r\n  TABBED\t%{WORD}  x\nnot-a-name pattern\nALONE\n";
  assert.deepEqual(parseGrokPatternFile(text), [
    { name: "WORD2", pattern: "\\b\\w+\\b" },
    { name: "TABBED", pattern: "%{WORD}  x" },
  ]);
});
