import assert from "node:assert/strict";
import {
  formatMessage,
  formatString,
  placeholderFields,
} from "../../../mock-backend/decorators/format-string.ts";
import { linkField, linkFor } from "../../../mock-backend/decorators/link-field.ts";
import { lookupTableDecorator } from "../../../mock-backend/decorators/lookup-table.ts";
import { SHIPPED_LOOKUPS } from "./shipped-lookups.ts";
import {
  syslogSeverityMapper,
  syslogSeverityName,
} from "../../../mock-backend/decorators/syslog-severity-mapper.ts";

const lookupTable = lookupTableDecorator(SHIPPED_LOOKUPS);

/** A web access message as the demo data has it, with `Partial` overrides. */
const webMessage = (overrides: Record<string, unknown> = {}) => ({
  _id: "m1",
  source: "web-01",
  level: 3,
  http_method: "GET",
  http_path: "/cart",
  http_response_code: 404,
  client_ip_country_code: "DE",
  ...overrides,
});

Deno.test("the syslog severity mapper writes the level's name into the target field", () => {
  const decorated = syslogSeverityMapper.decorate(webMessage(), {
    source_field: "level",
    target_field: "level_name",
  });
  assert.equal(decorated.level_name, "Error");
  assert.equal(decorated.level, 3, "the source field stays");
});

Deno.test("the syslog severity mapper may replace the level itself, and reads digit strings", () => {
  assert.equal(
    syslogSeverityMapper.decorate(webMessage({ level: "7" }), {
      source_field: "level",
      target_field: "level",
    }).level,
    "Debug",
  );
  assert.equal(syslogSeverityName(0), "Emergency");
  assert.equal(syslogSeverityName(6), "Informational");
});

Deno.test("the syslog severity mapper leaves levels outside 0–7 and non-numbers alone", () => {
  for (const level of [8, -1, 2.5, "warn", null]) {
    const message = webMessage({ level });
    assert.deepEqual(
      syslogSeverityMapper.decorate(message, { source_field: "level", target_field: "level_name" }),
      message,
    );
  }
});

Deno.test("the format string decorator fills ${field} placeholders into a new field", () => {
  const decorated = formatString.decorate(webMessage(), {
    format_string: "${http_method} ${http_path} → ${http_response_code}",
    target_field: "request",
  });
  assert.equal(decorated.request, "GET /cart → 404");
  assert.deepEqual(placeholderFields("${a} and ${ b }"), ["a", "b"]);
});

Deno.test("the format string decorator writes missing fields as empty text unless all fields are required", () => {
  const config = { format_string: "${source}/${user}", target_field: "who" };
  assert.equal(formatString.decorate(webMessage(), config).who, "web-01/");
  assert.equal("who" in formatString.decorate(webMessage(), { ...config, require_all_fields: true }), false);
  assert.equal(formatMessage("${source}:${user}", { source: "a", user: "b" }, true), "a:b");
});

Deno.test("the format string decorator does nothing without a target field or template", () => {
  const message = webMessage();
  assert.deepEqual(formatString.decorate(message, { format_string: "${source}", target_field: "" }), message);
  assert.deepEqual(formatString.decorate(message, { format_string: "", target_field: "x" }), message);
});

Deno.test("the lookup table decorator looks a field up in a lookup table", () => {
  const status = lookupTable.decorate(webMessage(), {
    source_field: "http_response_code",
    target_field: "http_status_name",
    lookup_table_name: "http-status-phrases",
  });
  assert.equal(status.http_status_name, "Not Found");
  const country = lookupTable.decorate(webMessage(), {
    source_field: "client_ip_country_code",
    target_field: "country",
    lookup_table_name: "country-names",
  });
  assert.equal(country.country, "Germany");
});

Deno.test("the lookup table decorator leaves the message alone for unknown keys, fields or tables", () => {
  const message = webMessage({ http_response_code: 999 });
  assert.deepEqual(
    lookupTable.decorate(message, {
      source_field: "http_response_code",
      target_field: "t",
      lookup_table_name: "http-status-phrases",
    }),
    message,
  );
  assert.deepEqual(
    lookupTable.decorate(message, {
      source_field: "nope",
      target_field: "t",
      lookup_table_name: "http-status-phrases",
    }),
    message,
  );
  assert.deepEqual(
    lookupTable.decorate(webMessage(), {
      source_field: "http_response_code",
      target_field: "t",
      lookup_table_name: "no-such-table",
    }),
    webMessage(),
  );
});

Deno.test("the link field decorator turns http and https URLs into links", () => {
  const decorated = linkField.decorate(webMessage({ ticket: "https://tickets.example.com/T-1?x=1" }), {
    link_field: "ticket",
  });
  assert.deepEqual(decorated.ticket, { type: "a", href: "https://tickets.example.com/T-1?x=1" });
  assert.deepEqual(linkFor("http://example.com"), { type: "a", href: "http://example.com" });
});

Deno.test("the link field decorator never makes a link of javascript:, data: or relative URLs", () => {
  for (
    const value of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<b>x</b>",
      "/relative/path",
      "ftp://example.com/f",
      "not a url",
      42,
    ]
  ) {
    const message = webMessage({ ticket: value });
    assert.deepEqual(linkField.decorate(message, { link_field: "ticket" }), message, String(value));
  }
});

Deno.test("decorators never mutate the message they are given", () => {
  const message = Object.freeze(webMessage({ ticket: "https://example.com" }));
  syslogSeverityMapper.decorate(message, { source_field: "level", target_field: "level" });
  formatString.decorate(message, { format_string: "${source}", target_field: "source" });
  lookupTable.decorate(message, {
    source_field: "http_response_code",
    target_field: "http_response_code",
    lookup_table_name: "http-status-phrases",
  });
  linkField.decorate(message, { link_field: "ticket" });
  assert.deepEqual(message, webMessage({ ticket: "https://example.com" }));
});
