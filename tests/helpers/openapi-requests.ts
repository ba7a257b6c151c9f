/**
 * Requests for any operation of the OpenAPI document, generated from what the document declares: valid ones
 * (path, query and body from their schemas) and invalid ones (one thing broken: a body of the wrong shape, a
 * required field missing, a field of the wrong type, a huge or deeply nested value, invalid Unicode, random
 * Lucene, a bad parameter or header). New operations get them without a line of test code.
 */
import fc from "fast-check";
import { ADMIN_PASSWORD, type ApiAnswer, type ApiHarness } from "./api-harness.ts";
import type { OpenApiDocument, Operation, OperationParameter } from "./openapi-operations.ts";
import { type JsonSchema, resolveSchema, schemaArbitrary } from "./schema-arbitrary.ts";

export interface GeneratedRequest {
  /** Values of the path parameters, by name. */
  pathParams: Record<string, string>;
  /** Query parameters, already URL-encoded (hostile ones may carry bytes that are not UTF-8). */
  query: Record<string, string>;
  /** A JSON value (sent as JSON), raw text or bytes (sent as they are), or nothing. */
  body?: unknown;
  headers: Record<string, string>;
  /** What was broken, for failure messages (empty for a valid request). */
  broken: string;
}

/** The path and query string of a generated request, relative to /api. */
export function requestPath(operation: Operation, request: GeneratedRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => request.pathParams[name] ?? "x");
  const query = Object.entries(request.query).map(([name, value]) => `${name}=${value}`);
  return query.length > 0 ? `${path}?${query.join("&")}` : path;
}

/** Query-ish text: Lucene's special characters, operators, field names and words, in any order. */
export const luceneText = fc.array(
  fc.oneof(
    fc.constantFrom("(", ")", "[", "]", "{", "}", ":", "\"", "*", "?", "~", "^", "\\", "/", "+", "-", "!", " ", "AND", "OR", "NOT", " TO ", ">=", "<"),
    fc.constantFrom("message", "source", "http_response_code", "_exists_", "now-1d", "2026-01-01", "404", "fail*", "/[a-", "\\u"),
    fc.string({ maxLength: 6 }),
  ),
  { maxLength: 12 },
).map((parts) => parts.join(""));

/** Valid requests for the operation; path parameters named in `samples` take those values (existing entities). */
export function validRequest(operation: Operation, document: OpenApiDocument, samples: Record<string, string>) {
  const pathParameters = operation.parameters.filter((p) => p.in === "path");
  const queryParameters = operation.parameters.filter((p) => p.in === "query");
  return fc.record({
    pathParams: fc.record(Object.fromEntries(pathParameters.map((p) => [
      p.name,
      (p.name in samples ? fc.constant(samples[p.name]) : parameterText(p, document)).map((value) => encodeURIComponent(value) || "x"),
    ]))),
    query: fc.record(
      Object.fromEntries(queryParameters.map((p) => [p.name, parameterText(p, document).map(encodeURIComponent)])),
      { requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name) },
    ) as fc.Arbitrary<Record<string, string>>,
    body: operation.bodySchema ? schemaArbitrary(operation.bodySchema, document) : fc.constant(undefined),
    headers: fc.constant({}),
    broken: fc.constant(""),
  }) as fc.Arbitrary<GeneratedRequest>;
}

/** Requests with exactly one thing wrong (or hostile), built on a valid request. */
export function invalidRequest(operation: Operation, document: OpenApiDocument, samples: Record<string, string>) {
  const valid = validRequest(operation, document, samples);
  const mutations: fc.Arbitrary<(request: GeneratedRequest) => GeneratedRequest>[] = [
    parameterMutation(operation),
    fc.constantFrom(
      (r: GeneratedRequest) => ({ ...r, headers: { "Content-Type": "text/plain" }, broken: "content type text/plain" }),
      (r: GeneratedRequest) => ({ ...r, headers: { Authorization: "Basic !!not-base64" }, broken: "garbage Authorization header" }),
      (r: GeneratedRequest) => ({ ...r, headers: { Authorization: `Basic ${btoa("no-such-session:session")}` }, broken: "an unknown session in basic auth" }),
    ),
  ];
  if (operation.hasBody) mutations.push(bodyMutation(operation, document));
  return fc.tuple(valid, fc.oneof(...mutations)).map(([request, mutate]) => mutate(request));
}

function parameterText(parameter: OperationParameter, document: OpenApiDocument): fc.Arbitrary<string> {
  return schemaArbitrary(parameter.schema, document).map((value) =>
    Array.isArray(value) ? value.join(",") : typeof value === "string" ? value : JSON.stringify(value)
  );
}

/** A path or query parameter made wrong: wrong type, huge, Lucene noise, bytes that are not UTF-8, or gone. */
function parameterMutation(operation: Operation): fc.Arbitrary<(request: GeneratedRequest) => GeneratedRequest> {
  const parameters = operation.parameters.filter((p) => p.in === "query" || p.in === "path");
  const hostile = fc.oneof(
    fc.constantFrom("abc", "-1", "1e999", "NaN", "", "%ED%A0%80", "%FF%FE", "%00", "true", "%5B%5D", "x".repeat(100_000)),
    luceneText.map(encodeURIComponent),
  );
  if (parameters.length === 0) {
    return hostile.map((value) => (request: GeneratedRequest) => ({ ...request, query: { ...request.query, unknown: value }, broken: "an unknown query parameter" }));
  }
  return fc.tuple(fc.constantFrom(...parameters), hostile, fc.boolean()).map(([parameter, value, drop]) => (request: GeneratedRequest) => {
    if (parameter.in === "path") {
      return { ...request, pathParams: { ...request.pathParams, [parameter.name]: value || "%20" }, broken: `path ${parameter.name}=${value.slice(0, 40)}` };
    }
    const query = { ...request.query };
    if (drop && parameter.required) {
      delete query[parameter.name];
      return { ...request, query, broken: `required query ${parameter.name} missing` };
    }
    return { ...request, query: { ...query, [parameter.name]: value }, broken: `query ${parameter.name}=${value.slice(0, 40)}` };
  });
}

/** A body made wrong as a whole or in one field. */
function bodyMutation(operation: Operation, document: OpenApiDocument): fc.Arbitrary<(request: GeneratedRequest) => GeneratedRequest> {
  const schema = resolveSchema(operation.bodySchema ?? {}, document);
  const fields = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const set = (field: string, value: unknown, broken: string) => (request: GeneratedRequest) => ({
    ...request,
    body: { ...(isObject(request.body) ? request.body : {}), [field]: value },
    broken,
  });
  const wholeBody = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }).map((body) => (r: GeneratedRequest) => ({ ...r, body: JSON.stringify(body), broken: `body ${JSON.stringify(body).slice(0, 60)}` })),
    fc.constantFrom(
      (r: GeneratedRequest) => ({ ...r, body: "{\"unterminated\": ", broken: "malformed JSON" }),
      (r: GeneratedRequest) => ({ ...r, body: "[".repeat(10_000) + "]".repeat(10_000), broken: "arrays nested 10,000 deep" }),
      (r: GeneratedRequest) => ({ ...r, body: "\"\\udfff\\ud800\"", broken: "a lone surrogate string as the body" }),
      (r: GeneratedRequest) => ({ ...r, body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), broken: "bytes that are not UTF-8" }),
      (r: GeneratedRequest) => ({ ...r, body: undefined, broken: "no body" }),
    ),
  );
  const oneField = fields.length === 0 ? wholeBody : fc.tuple(
    fc.constantFrom(...fields),
    fc.oneof(
      fc.constantFrom<[unknown, string]>(
        [12345, "a number"],
        ["text", "a string"],
        [[], "an array"],
        [{ nested: { deeper: [1, { x: null }] } }, "an object"],
        [null, "null"],
        [true, "a boolean"],
        ["x".repeat(1024 * 1024), "a 1 MB string"],
        ["\udfff\ud800", "a string with lone surrogates"],
        [[["deep"]], "nested arrays"],
      ),
      luceneText.map((text): [unknown, string] => [text, `Lucene ${JSON.stringify(text)}`]),
    ),
  ).map(([field, [value, what]]) => set(field, value, `${field} set to ${what}`));
  const missing = required.length === 0 ? oneField : fc.constantFrom(...required).map((field) => (request: GeneratedRequest) => {
    const body = isObject(request.body) ? { ...request.body } : {};
    delete body[field];
    return { ...request, body, broken: `required ${field} missing` };
  });
  const extra = fc.constant((request: GeneratedRequest) => ({
    ...request,
    body: { ...(isObject(request.body) ? request.body : {}), not_a_field_of_graylog: 1 },
    broken: "an unknown field",
  }));
  return fc.oneof(wholeBody, oneField, missing, extra);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Sends a generated request as the admin (or as nobody when it carries its own Authorization). An operation that
 * ends the session leaves the admin signed out: the next request signs in again.
 */
export async function sendGenerated(h: ApiHarness, operation: Operation, request: GeneratedRequest): Promise<ApiAnswer> {
  const answer = await h.call(operation.method, requestPath(operation, request), {
    body: request.body,
    headers: request.headers,
    cookie: request.headers.Authorization ? null : undefined,
  });
  if (answer.status === 401 && !request.headers.Authorization) h.adminCookie = await h.login("admin", ADMIN_PASSWORD);
  return answer;
}

/** A short description of a generated request for failure messages. */
export function describeRequest(operation: Operation, request: GeneratedRequest): string {
  return `${operation.method} ${requestPath(operation, request).slice(0, 120)} (${request.broken || "valid"})`;
}
