/** The operations of the API's own OpenAPI document, so that contract tests cover every route there is. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { HttpMethod } from "./api-harness.ts";

export interface Operation {
  method: HttpMethod;
  /** The OpenAPI path template, e.g. `/users/{username}`. */
  path: string;
  /** `METHOD /path` — the key contract tables use. */
  key: string;
  access: string | undefined;
  responses: string[];
  /** Whether a 403 answer may be MissingStreamPermission (the operation searches streams). */
  streamScoped: boolean;
  /** Whether a 403 answer comes from a per-entity owner check (its description starts with "Owner check:"). */
  ownerChecked: boolean;
  hasBody: boolean;
}

interface OperationObject {
  "x-sluice-access"?: string;
  responses?: Record<string, { description?: string }>;
  requestBody?: unknown;
}

export async function listOperations(api: OpenAPIHono): Promise<Operation[]> {
  const response = await api.request("/openapi.json");
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
  const document = await response.json() as { paths: Record<string, Record<string, OperationObject>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const upper = method.toUpperCase() as HttpMethod;
      return {
        method: upper,
        path,
        key: `${upper} ${path}`,
        access: operation["x-sluice-access"],
        responses: Object.keys(operation.responses ?? {}),
        streamScoped: JSON.stringify(operation.responses?.["403"] ?? "").includes("MissingStreamPermission"),
        ownerChecked: (operation.responses?.["403"]?.description ?? "").startsWith("Owner check:"),
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
