import assert from "node:assert/strict";
import type { AvailableDecorators, Decorator } from "../../../api/schemas/decorators.ts";
import { DECORATOR_TYPES } from "./shipped-lookups.ts";
import { decoratedLinkHref } from "../../../ui/decorators/DecoratedValue.tsx";
import {
  configurationSummary,
  decoratorsOf,
  decoratorTitle,
  decoratorTypeOptions,
  DEFAULT_SEARCH_VALUE,
  nextOrder,
  streamOfPickerValue,
  streamPickerOptions,
  UNKNOWN_DECORATOR_TYPE,
} from "../../../ui/decorators/logic/decorator-list.ts";

const STREAM = "0123456789abcdef01234567";
const TYPES: AvailableDecorators = DECORATOR_TYPES.available();

const decorator = (overrides: Partial<Decorator> = {}): Decorator => ({
  id: "d1",
  stream: null,
  type: "org.graylog2.decorators.FormatStringDecorator",
  config: { format_string: "${source}", target_field: "origin", require_all_fields: true },
  order: 0,
  ...overrides,
});

Deno.test("the stream picker offers the Default Search first, then streams by title", () => {
  const options = streamPickerOptions([{ id: "b", title: "Web" }, { id: "a", title: "Auth" }]);
  assert.deepEqual(options.map((option) => option.label), ["Default Search", "Auth", "Web"]);
  assert.equal(streamOfPickerValue(DEFAULT_SEARCH_VALUE), null);
  assert.equal(streamOfPickerValue(STREAM), STREAM);
});

Deno.test("the list shows one stream's decorators in the order they run, and a new one goes last", () => {
  const all = [
    decorator({ id: "x", order: 5 }),
    decorator({ id: "y", order: 1 }),
    decorator({ id: "z", stream: STREAM }),
  ];
  assert.deepEqual(decoratorsOf(all, null).map((d) => d.id), ["y", "x"]);
  assert.deepEqual(decoratorsOf(all, STREAM).map((d) => d.id), ["z"]);
  assert.equal(nextOrder(decoratorsOf(all, null)), 6);
  assert.equal(nextOrder([]), 0);
});

Deno.test("'Select decorator' lists the types by name", () => {
  assert.deepEqual(decoratorTypeOptions(TYPES).map((option) => option.label), [
    "Format String",
    "Hyperlink String",
    "Lookup Table",
    "Syslog Severity Mapper",
  ]);
});

Deno.test("a decorator shows its type's name and its configuration by field label, or 'Unknown decorator type'", () => {
  assert.equal(decoratorTitle(decorator(), TYPES), "Format String");
  assert.deepEqual(configurationSummary(decorator(), TYPES), [
    { label: "Format String", value: "${source}" },
    { label: "Target field", value: "origin" },
    { label: "Require all fields", value: "yes" },
  ]);
  const gone = decorator({ type: "com.example.Gone", config: { a: "b", n: 1 } });
  assert.equal(decoratorTitle(gone, TYPES), UNKNOWN_DECORATOR_TYPE);
  assert.deepEqual(configurationSummary(gone, TYPES), [{ label: "a", value: "b" }, {
    label: "n",
    value: "1",
  }]);
});

Deno.test("a lookup table decorator shows the table's title, not its name", () => {
  const lookup = decorator({
    type: "org.graylog2.decorators.LookupTableDecorator",
    config: { source_field: "http_status", target_field: "phrase", lookup_table_name: "http-status-phrases" },
  });
  assert.equal(configurationSummary(lookup, TYPES)[2].value, "HTTP status phrases");
});

Deno.test("only http and https decorated links render as links", () => {
  assert.equal(decoratedLinkHref({ type: "a", href: "https://example.com/x" }), "https://example.com/x");
  assert.equal(decoratedLinkHref({ type: "a", href: "javascript:alert(1)" }), null);
  assert.equal(decoratedLinkHref({ type: "b", href: "https://example.com" }), null);
  assert.equal(decoratedLinkHref("https://example.com"), null);
});
