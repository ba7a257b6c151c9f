import { deepStrictEqual as assertEquals, equal } from "node:assert/strict";
import {
  type ConfigurationField,
  displayConfigurationValue,
  fieldLabel,
  fieldOptions,
  type RequestedConfiguration,
  sortedFieldNames,
} from "../../../ui/common/config-form/logic/configuration-field.ts";
import { numberBounds } from "../../../ui/common/config-form/logic/number-bounds.ts";
import {
  configurationToSubmit,
  configuredItemPayload,
  initialConfigurationValues,
  validateConfiguration,
  validateFieldValue,
} from "../../../ui/common/config-form/logic/configuration-values.ts";

function field(overrides: Partial<ConfigurationField> = {}): ConfigurationField {
  return { type: "text", human_name: "Name", is_optional: false, attributes: [], ...overrides };
}

Deno.test("optional fields are labelled '(optional)' except booleans", () => {
  equal(fieldLabel(field({ human_name: "Bind address", is_optional: true })), "Bind address (optional)");
  equal(fieldLabel(field({ human_name: "TLS", type: "boolean", is_optional: true })), "TLS");
  equal(fieldLabel(field({ human_name: "Port" })), "Port");
});

Deno.test("fields are ordered by position, then required before optional, then as listed", () => {
  const fields: RequestedConfiguration = {
    optional_a: field({ is_optional: true }),
    required_b: field(),
    first: field({ position: 10 }),
    last: field({ position: 200 }),
  };
  assertEquals(sortedFieldNames(fields), ["first", "required_b", "optional_a", "last"]);
});

Deno.test("a missing required value says 'Field is required.'", () => {
  equal(validateFieldValue(field(), ""), "Field is required.");
  equal(validateFieldValue(field({ type: "list" }), []), "Field is required.");
  equal(validateFieldValue(field({ type: "dropdown" }), ""), "Field is required.");
  equal(validateFieldValue(field({ type: "number" }), undefined), "Field is required.");
  equal(validateFieldValue(field({ is_optional: true }), ""), undefined);
  equal(validateFieldValue(field({ type: "boolean" }), false), undefined);
});

Deno.test("number fields accept the safe integer range by default", () => {
  assertEquals(numberBounds(field({ type: "number" })), {
    min: Number.MIN_SAFE_INTEGER,
    max: Number.MAX_SAFE_INTEGER,
  });
  equal(validateFieldValue(field({ type: "number" }), -5), undefined);
});

Deno.test("only_negative allows values up to -1", () => {
  const negative = field({ type: "number", attributes: ["only_negative"] });
  equal(validateFieldValue(negative, -1), undefined);
  equal(validateFieldValue(negative, 0), "Must be smaller than -1.");
});

Deno.test("only_positive allows 0 and above", () => {
  const positive = field({ type: "number", attributes: ["ONLY_POSITIVE"] });
  equal(validateFieldValue(positive, 0), undefined);
  equal(validateFieldValue(positive, -1), "Must be greater than 0.");
});

Deno.test("is_port_number allows 0 to 65535", () => {
  const port = field({ type: "number", attributes: ["is_port_number"] });
  equal(validateFieldValue(port, 65535), undefined);
  equal(validateFieldValue(port, 65536), "Must be smaller than 65535.");
  equal(validateFieldValue(port, -1), "Must be greater than 0.");
});

Deno.test("initial values take the stored value, else the default; a missing number shows 0", () => {
  const fields: RequestedConfiguration = {
    bind_address: field({ default_value: "0.0.0.0" }),
    port: field({ type: "number", default_value: 5555 }),
    recv_buffer: field({ type: "number" }),
    tls: field({ type: "boolean" }),
    codec: field({ type: "dropdown", additional_info: { values: { gelf: "GELF" } } }),
    tags: field({ type: "list", default_value: ["a"] }),
  };
  assertEquals(initialConfigurationValues(fields, { port: 12201 }), {
    bind_address: "0.0.0.0",
    port: 12201,
    recv_buffer: 0,
    tls: false,
    codec: "gelf",
    tags: ["a"],
  });
});

Deno.test("dropdown and list options come from additional_info.values", () => {
  assertEquals(
    fieldOptions(
      field({ type: "dropdown", additional_info: { values: { IPv4: "IPv4", domain: "Domain" } } }),
    ),
    [
      { value: "IPv4", label: "IPv4" },
      { value: "domain", label: "Domain" },
    ],
  );
});

Deno.test("the submitted configuration carries every field with booleans, numbers and cleared numbers as null", () => {
  const fields: RequestedConfiguration = {
    title: field(),
    port: field({ type: "number" }),
    timeout: field({ type: "number", is_optional: true }),
    tls: field({ type: "boolean" }),
  };
  const values = { ...initialConfigurationValues(fields), title: "x", port: 514, timeout: undefined };
  assertEquals(validateConfiguration(fields, values), {});
  assertEquals(configurationToSubmit(fields, values), { title: "x", port: 514, timeout: null, tls: false });
});

Deno.test("validation lists each invalid field by name", () => {
  const fields: RequestedConfiguration = {
    host: field(),
    port: field({ type: "number", attributes: ["is_port_number"] }),
  };
  assertEquals(validateConfiguration(fields, { host: "", port: 70000 }), {
    host: "Field is required.",
    port: "Must be smaller than 65535.",
  });
});

Deno.test("the payload has type, trimmed title and configuration, and no title when empty", () => {
  assertEquals(configuredItemPayload("gelf-udp", "  My input ", { a: 1 }), {
    type: "gelf-udp",
    title: "My input",
    configuration: { a: 1 },
  });
  assertEquals(configuredItemPayload("whois", "", {}), { type: "whois", configuration: {} });
});

Deno.test("secrets are masked in summaries and dropdown values show their label", () => {
  equal(displayConfigurationValue(field({ attributes: ["is_password"] }), "hunter2"), "***********");
  equal(displayConfigurationValue(field({ is_encrypted: true }), { is_set: true }), "***********");
  equal(
    displayConfigurationValue(
      field({ type: "dropdown", additional_info: { values: { IPS: "IPs" } } }),
      "IPS",
    ),
    "IPs",
  );
});
