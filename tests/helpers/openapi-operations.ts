/** The operations of the API's own OpenAPI document, so that contract tests cover every route there is. */
import type { ApiEntrance, HttpMethod } from "./api-harness.ts";
import type { JsonSchema } from "./schema-arbitrary.ts";

/** A parameter of an operation as the document declares it. */
export interface OperationParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: HttpMethod;
  /** The OpenAPI path template, e.g. `/users/{username}`. */
  path: string;
  /** `METHOD /path` — the key contract tables use. */
  key: string;
  operationId: string | undefined;
  access: string | undefined;
  /** The `security` requirement names (empty for a public operation); undefined when the operation has none. */
  security: string[][] | undefined;
  responses: string[];
  /** Per documented status, its content types and schemas (empty for an answer without a body). */
  responseContent: Record<string, Record<string, JsonSchema>>;
  parameters: OperationParameter[];
  /** The JSON schema of the request body, when the operation reads one. */
  bodySchema: JsonSchema | undefined;
  bodyRequired: boolean;
  /** Whether a 403 answer may be MissingStreamPermission (the operation searches streams). */
  streamScoped: boolean;
  /** Whether a 403 answer comes from a per-entity owner check (its description starts with "Owner check:"). */
  ownerChecked: boolean;
  hasBody: boolean;
}

interface OperationObject {
  operationId?: string;
  "x-sluice-access"?: string;
  security?: Record<string, string[]>[];
  parameters?: OperationParameter[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

/** The OpenAPI document the API serves. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: Record<string, unknown>;
}

export async function loadOpenApiDocument(api: ApiEntrance): Promise<OpenApiDocument> {
  const response = await api.request("/openapi.json");
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
  return await response.json() as OpenApiDocument;
}

export async function listOperations(api: ApiEntrance): Promise<Operation[]> {
  return operationsOf(await loadOpenApiDocument(api));
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const upper = method.toUpperCase() as HttpMethod;
      const responses = operation.responses ?? {};
      return {
        method: upper,
        path,
        key: `${upper} ${path}`,
        operationId: operation.operationId,
        access: operation["x-sluice-access"],
        security: operation.security?.map((requirement) => Object.keys(requirement)),
        responses: Object.keys(responses),
        responseContent: Object.fromEntries(
          Object.entries(responses).map(([status, response]) => [
            status,
            Object.fromEntries(Object.entries(response.content ?? {}).map(([type, media]) => [type, media.schema ?? {}])),
          ]),
        ),
        parameters: operation.parameters ?? [],
        bodySchema: operation.requestBody?.content?.["application/json"]?.schema,
        bodyRequired: operation.requestBody?.required ?? false,
        streamScoped: JSON.stringify(responses["403"] ?? "").includes("MissingStreamPermission"),
        ownerChecked: (responses["403"]?.description ?? "").startsWith("Owner check:"),
        hasBody: operation.requestBody !== undefined,
      };
    })
  );
}

/** Fills `{param}` placeholders with URL-encoded sample values; throws for a parameter without a sample. */
export function concretePath(template: string, samples: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in samples)) throw new Error(`No sample value for path parameter '${name}' of ${template}: add one to the contract test`);
    return encodeURIComponent(samples[name]);
  });
}
