import { z } from "@hono/zod-openapi";
import { isPermitted } from "../../shared/permissions.ts";
import { AUTHENTICATED, requires } from "../access.ts";
import { ApiError, badRequest, forbidden, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import {
  GROK_SORT_FIELDS,
  type GrokImportStrategy,
  GrokImportQuerySchema,
  GrokPatternBodySchema,
  GrokPatternImportSchema,
  GrokPatternListSchema,
  GrokPatternPageSchema,
  GrokPatternSchema,
  GrokPatternTestRequestSchema,
  GrokPatternTestResultSchema,
} from "../schemas/grok.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import {
  type EntityAttribute,
  EntityValidationError,
  pageQuerySchema,
} from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { pagedList } from "./paged-list.ts";

/** Graylog names these permissions for grok patterns (spec 000 §6 gates the menu entry on the first). */
const READ = "grok_pattern:read";
const CREATE = "grok_pattern:create";
const EDIT = "grok_pattern:edit";
const DELETE = "grok_pattern:delete";

const TAGS = ["Grok patterns"];
const PatternId = z.object({ patternId: z.string().regex(/^[0-9a-f]{24}$/, "patternId must be a 24-character hex ObjectId") });
const noSuchPattern = { 404: jsonContent(ApiErrorSchema, "No grok pattern with this id.") };
const PageQuery = pageQuerySchema({ sortFields: GROK_SORT_FIELDS, defaultSort: "name" });

/** The columns of the grok pattern list, as the paginated answer describes them. */
const ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "name", title: "Name", type: "STRING", sortable: true, searchable: true },
  { id: "pattern", title: "Pattern", type: "STRING", sortable: false, searchable: true },
];

const listPatterns = secureRoute(requires(READ), {
  method: "get",
  path: "/system/grok",
  tags: TAGS,
  summary: "Every grok pattern",
  responses: { 200: jsonContent(GrokPatternListSchema, "All patterns, by name.") },
});

const pagePatterns = secureRoute(requires(READ), {
  method: "get",
  path: "/system/grok/paginated",
  tags: TAGS,
  summary: "One page of grok patterns; `query` searches names, `name:` and `pattern:` search those fields",
  request: { query: PageQuery },
  responses: { 200: jsonContent(GrokPatternPageSchema, "One page of patterns.") },
});

const getPattern = secureRoute(requires(READ), {
  method: "get",
  path: "/system/grok/{patternId}",
  tags: TAGS,
  summary: "A grok pattern by id",
  request: { params: PatternId },
  responses: { 200: jsonContent(GrokPatternSchema, "The pattern."), ...noSuchPattern },
});

const createPattern = secureRoute(requires(CREATE), {
  method: "post",
  path: "/system/grok",
  tags: TAGS,
  summary: "Add a grok pattern; it must compile and its name must be new",
  request: { body: jsonBody(GrokPatternBodySchema) },
  responses: { 201: jsonContent(GrokPatternSchema, "The stored pattern with its id.") },
});

const importPatterns = secureRoute(requires(CREATE), {
  method: "put",
  path: "/system/grok",
  tags: TAGS,
  summary: "Import a list of patterns: all are stored or none. DROP_ALL_EXISTING (or replace=true) first removes every " +
    "stored pattern and needs grok_pattern:delete too; REPLACE_ON_CONFLICT overwrites patterns of the same name and " +
    "needs grok_pattern:edit too; ABORT_ON_CONFLICT (the default) refuses names that exist",
  request: { query: GrokImportQuerySchema, body: jsonBody(GrokPatternImportSchema) },
  responses: { 202: { description: "Imported; no content." } },
});

const testPattern = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/system/grok/test",
  tags: TAGS,
  summary: "Match a sample against a pattern (compiled among the stored ones); the captures by name",
  request: { body: jsonBody(GrokPatternTestRequestSchema) },
  responses: { 200: jsonContent(GrokPatternTestResultSchema, "Captured values by field or pattern name; {} when nothing matched.") },
});

const updatePattern = secureRoute(requires(EDIT), {
  method: "put",
  path: "/system/grok/{patternId}",
  tags: TAGS,
  summary: "Change a grok pattern; it must still compile, and so must the patterns that use it",
  request: { params: PatternId, body: jsonBody(GrokPatternBodySchema) },
  responses: { 200: jsonContent(GrokPatternSchema, "The stored pattern."), ...noSuchPattern },
});

const deletePattern = secureRoute(requires(DELETE), {
  method: "delete",
  path: "/system/grok/{patternId}",
  tags: TAGS,
  summary: "Remove a grok pattern",
  request: { params: PatternId },
  responses: { ...NoContent, ...noSuchPattern },
});

/** What else an import strategy needs beside grok_pattern:create. */
const IMPORT_PERMISSIONS: Record<GrokImportStrategy, readonly string[]> = {
  ABORT_ON_CONFLICT: [],
  REPLACE_ON_CONFLICT: [EDIT],
  DROP_ALL_EXISTING: [EDIT, DELETE],
};

/** System → Grok Patterns (Graylog 5.1 `/system/grok`). */
export function grokApi() {
  return createApiRouter()
    .openapi(listPatterns, async (c) => c.json({ patterns: await c.get("backend").grokPatterns.all() }, 200))
    .openapi(pagePatterns, async (c) => {
      const answer = await pagedList(c.req.valid("query"), "patterns", ATTRIBUTES, (request) => c.get("backend").grokPatterns.page(request));
      return c.json(answer, 200);
    })
    .openapi(getPattern, async (c) => {
      const { patternId } = c.req.valid("param");
      const pattern = await c.get("backend").grokPatterns.get(patternId);
      if (!pattern) throw noSuchPatternError(patternId);
      return c.json(pattern, 200);
    })
    .openapi(createPattern, async (c) => {
      const created = await refusalsAreBadRequests(c.get("backend").grokPatterns.create(c.req.valid("json")));
      return c.json(created, 201);
    })
    .openapi(importPatterns, async (c) => {
      const query = c.req.valid("query");
      const strategy = query["import-strategy"] ?? (query.replace === "true" ? "DROP_ALL_EXISTING" : "ABORT_ON_CONFLICT");
      if (!isPermitted(c.get("user")!.permissions, [...IMPORT_PERMISSIONS[strategy]])) throw forbidden();
      await refusalsAreBadRequests(c.get("backend").grokPatterns.importAll(c.req.valid("json").patterns, strategy));
      return c.body(null, 202);
    })
    .openapi(testPattern, async (c) => {
      const { grok_pattern, sample_data } = c.req.valid("json");
      return c.json(await refusalsAreBadRequests(c.get("backend").grokPatterns.test(grok_pattern, sample_data)), 200);
    })
    .openapi(updatePattern, async (c) => {
      const { patternId } = c.req.valid("param");
      const updated = await refusalsAreBadRequests(c.get("backend").grokPatterns.update(patternId, c.req.valid("json")));
      if (!updated) throw noSuchPatternError(patternId);
      return c.json(updated, 200);
    })
    .openapi(deletePattern, async (c) => {
      const { patternId } = c.req.valid("param");
      if (!(await c.get("backend").grokPatterns.delete(patternId))) throw noSuchPatternError(patternId);
      return c.body(null, 204);
    });
}

function noSuchPatternError(id: string): ApiError {
  return notFound(`Couldn't find Grok pattern with ID ${id}`);
}

/** A backend's refusal (EntityValidationError) is the caller's to fix: 400 with its text. */
async function refusalsAreBadRequests<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}
