import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import {
  ErrorStatesRequestSchema,
  ErrorStatesSchema,
  LOOKUP_SORT_FIELDS,
  type LookupBodyOf,
  LookupCacheBodySchema,
  LookupCachePageSchema,
  LookupCacheSchema,
  LookupDataAdapterBodySchema,
  LookupDataAdapterPageSchema,
  LookupDataAdapterSchema,
  type LookupEntityKind,
  type LookupEntityOf,
  LookupResultSchema,
  type LookupStore,
  LookupTableBodySchema,
  LookupTablePageSchema,
  LookupTableSchema,
  LookupTypesSchema,
  ValidationResultSchema,
} from "../schemas/lookup-tables.ts";
import { EntityValidationError, pageQuerySchema, type PageRequest, toPageRequest } from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

/** Graylog's permissions for lookup tables, caches and adapters alike (spec 002 §6 gates the menu on the first). */
const READ = "lookuptables:read";
const CREATE = "lookuptables:create";
const EDIT = "lookuptables:edit";
const DELETE = "lookuptables:delete";

const TAGS = ["Lookup tables"];
const BASE = "/system/lookup";
const IdOrName = z.object({ idOrName: z.string().min(1).max(200, "idOrName must be at most 200 characters") });
/** Spec 002 §9: lookup lists default to 50 per page, title descending. */
const PageQuery = pageQuerySchema({ sortFields: LOOKUP_SORT_FIELDS, defaultSort: "title", defaultOrder: "desc" });
const Resolve = z.object({ resolve: z.enum(["true", "false"], { message: "resolve must be true or false" }).default("false") });
const KeyQuery = z.object({ key: z.string({ message: "key is required" }).min(1, "key is required").max(10_000, "key must be at most 10000 characters") });
const PurgeQuery = z.object({ key: z.string().max(10_000, "key must be at most 10000 characters").optional() });

/** Each kind's path segment, schemas and wording. */
const KINDS = {
  tables: { segment: "tables", entity: LookupTableSchema, body: LookupTableBodySchema, title: "lookup table" },
  caches: { segment: "caches", entity: LookupCacheSchema, body: LookupCacheBodySchema, title: "cache" },
  adapters: { segment: "adapters", entity: LookupDataAdapterSchema, body: LookupDataAdapterBodySchema, title: "data adapter" },
} as const;

const missing = (kind: LookupEntityKind) => ({ 404: jsonContent(ApiErrorSchema, `No ${KINDS[kind].title} with this id or name.`) });

function crudRoutes<S extends string, E extends z.ZodType, B extends z.ZodType>(
  kind: LookupEntityKind,
  { segment, entity, body, title }: { segment: S; entity: E; body: B; title: string },
) {
  const path = `${BASE}/${segment}` as const;
  return {
    create: secureRoute(requires(CREATE), {
      method: "post",
      path,
      tags: TAGS,
      summary: `Create a ${title}; its configuration is checked as the validate call checks it`,
      request: { body: jsonBody(body) },
      responses: { 200: jsonContent(entity, `The stored ${title}.`) },
    }),
    validate: secureRoute(requires(READ), {
      method: "post",
      path: `${path}/validate`,
      tags: TAGS,
      summary: `Check a ${title} without storing it: the problems per field (an \`id\` in the body is the one being edited)`,
      request: { body: jsonBody(body) },
      responses: { 200: jsonContent(ValidationResultSchema, "Whether it failed, and the messages per field.") },
    }),
    update: secureRoute(requires(EDIT), {
      method: "put",
      path: `${path}/{idOrName}`,
      tags: TAGS,
      summary: `Change a ${title}`,
      request: { params: IdOrName, body: jsonBody(body) },
      responses: { 200: jsonContent(entity, `The stored ${title}.`), ...missing(kind) },
    }),
    delete: secureRoute(requires(DELETE), {
      method: "delete",
      path: `${path}/{idOrName}`,
      tags: TAGS,
      summary: `Delete a ${title}${kind === "tables" ? "" : " no lookup table uses"}`,
      request: { params: IdOrName },
      responses: { 200: jsonContent(entity, `The deleted ${title}.`), ...missing(kind) },
    }),
  };
}

const tables = crudRoutes("tables", KINDS.tables);
const caches = crudRoutes("caches", KINDS.caches);
const adapters = crudRoutes("adapters", KINDS.adapters);

const listTables = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/tables`,
  tags: TAGS,
  summary: "One page of lookup tables (50, by title descending unless asked); resolve=true adds their caches and adapters by id",
  request: { query: PageQuery.merge(Resolve) },
  responses: { 200: jsonContent(LookupTablePageSchema, "One page of lookup tables.") },
});

const getTable = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/tables/{idOrName}`,
  tags: TAGS,
  summary: "A lookup table by id or name, as a page of one; resolve=true adds its cache and adapter",
  request: { params: IdOrName, query: Resolve },
  responses: { 200: jsonContent(LookupTablePageSchema, "The table."), ...missing("tables") },
});

const queryTable = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/tables/{idOrName}/query`,
  tags: TAGS,
  summary: "Look a key up in a table, through its cache; an unknown key answers the table's default values",
  request: { params: IdOrName, query: KeyQuery },
  responses: { 200: jsonContent(LookupResultSchema, "The lookup result."), ...missing("tables") },
});

const purgeTable = secureRoute(requires(EDIT), {
  method: "post",
  path: `${BASE}/tables/{idOrName}/purge`,
  tags: TAGS,
  summary: "Forget a key (or, without key, every key) in the table's cache",
  request: { params: IdOrName, query: PurgeQuery },
  responses: { ...NoContent, ...missing("tables") },
});

const listCaches = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/caches`,
  tags: TAGS,
  summary: "One page of lookup caches (50, by title descending unless asked)",
  request: { query: PageQuery },
  responses: { 200: jsonContent(LookupCachePageSchema, "One page of caches.") },
});

const getCache = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/caches/{idOrName}`,
  tags: TAGS,
  summary: "A cache by id or name",
  request: { params: IdOrName },
  responses: { 200: jsonContent(LookupCacheSchema, "The cache."), ...missing("caches") },
});

const listAdapters = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/adapters`,
  tags: TAGS,
  summary: "One page of data adapters (50, by title descending unless asked)",
  request: { query: PageQuery },
  responses: { 200: jsonContent(LookupDataAdapterPageSchema, "One page of data adapters.") },
});

const getAdapter = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/adapters/{idOrName}`,
  tags: TAGS,
  summary: "A data adapter by id or name",
  request: { params: IdOrName },
  responses: { 200: jsonContent(LookupDataAdapterSchema, "The data adapter."), ...missing("adapters") },
});

const queryAdapter = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/adapters/{idOrName}/query`,
  tags: TAGS,
  summary: "Look a key up in a data adapter directly (no cache, no default values)",
  request: { params: IdOrName, query: KeyQuery },
  responses: { 200: jsonContent(LookupResultSchema, "The lookup result."), ...missing("adapters") },
});

const errorStates = secureRoute(requires(READ), {
  method: "post",
  path: `${BASE}/errorstates`,
  tags: TAGS,
  summary: "Why the named tables and data adapters cannot answer (null: they work)",
  request: { body: jsonBody(ErrorStatesRequestSchema) },
  responses: { 200: jsonContent(ErrorStatesSchema, "The error per name.") },
});

const adapterTypes = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/types/adapters`,
  tags: TAGS,
  summary: "The data adapter types with their default configuration",
  responses: { 200: jsonContent(LookupTypesSchema, "Types by id.") },
});

const cacheTypes = secureRoute(requires(READ), {
  method: "get",
  path: `${BASE}/types/caches`,
  tags: TAGS,
  summary: "The cache types with their default configuration",
  responses: { 200: jsonContent(LookupTypesSchema, "Types by id.") },
});

/** System → Lookup Tables: tables, caches, data adapters (Graylog 5.1 `/system/lookup`). */
export function lookupTablesApi() {
  const store = (c: { get(key: "backend"): { lookupTables: LookupStore } }) => c.get("backend").lookupTables;
  const page = async <K extends LookupEntityKind>(lookup: LookupStore, kind: K, request: PageRequest<(typeof LOOKUP_SORT_FIELDS)[number]>) => {
    const found = await lookup.page(kind, request);
    return { query: request.query, total: found.total, count: found.elements.length, page: request.page, per_page: request.perPage, elements: found.elements };
  };
  return createApiRouter()
    .openapi(listTables, async (c) => {
      const { resolve, ...query } = c.req.valid("query");
      const { elements, ...totals } = await page(store(c), "tables", toPageRequest(query));
      const resolved = resolve === "true" ? await store(c).resolve(elements) : { caches: {}, data_adapters: {} };
      return c.json({ ...totals, lookup_tables: elements, ...resolved }, 200);
    })
    .openapi(tables.validate, async (c) => c.json(await store(c).validate("tables", c.req.valid("json")), 200))
    .openapi(tables.create, async (c) => c.json(await refusals(store(c).create("tables", c.req.valid("json"))), 200))
    .openapi(getTable, async (c) => {
      const table = await found("tables", c.req.valid("param").idOrName, store(c));
      const resolved = c.req.valid("query").resolve === "true" ? await store(c).resolve([table]) : { caches: {}, data_adapters: {} };
      return c.json({ query: null, total: 1, count: 1, page: 1, per_page: 1, lookup_tables: [table], ...resolved }, 200);
    })
    .openapi(tables.update, async (c) => c.json(await updated("tables", c.req.valid("param").idOrName, c.req.valid("json"), store(c)), 200))
    .openapi(tables.delete, async (c) => c.json(await deleted("tables", c.req.valid("param").idOrName, store(c)), 200))
    .openapi(queryTable, async (c) => {
      const { idOrName } = c.req.valid("param");
      const result = await store(c).query("tables", idOrName, c.req.valid("query").key);
      if (!result) throw noSuch("tables", idOrName);
      return c.json(result, 200);
    })
    .openapi(purgeTable, async (c) => {
      const { idOrName } = c.req.valid("param");
      if (!(await store(c).purge(idOrName, c.req.valid("query").key ?? null))) throw noSuch("tables", idOrName);
      return c.body(null, 204);
    })
    .openapi(listCaches, async (c) => {
      const { elements, ...totals } = await page(store(c), "caches", toPageRequest(c.req.valid("query")));
      return c.json({ ...totals, caches: elements }, 200);
    })
    .openapi(caches.validate, async (c) => c.json(await store(c).validate("caches", c.req.valid("json")), 200))
    .openapi(caches.create, async (c) => c.json(await refusals(store(c).create("caches", c.req.valid("json"))), 200))
    .openapi(getCache, async (c) => c.json(await found("caches", c.req.valid("param").idOrName, store(c)), 200))
    .openapi(caches.update, async (c) => c.json(await updated("caches", c.req.valid("param").idOrName, c.req.valid("json"), store(c)), 200))
    .openapi(caches.delete, async (c) => c.json(await deleted("caches", c.req.valid("param").idOrName, store(c)), 200))
    .openapi(listAdapters, async (c) => {
      const { elements, ...totals } = await page(store(c), "adapters", toPageRequest(c.req.valid("query")));
      return c.json({ ...totals, data_adapters: elements }, 200);
    })
    .openapi(adapters.validate, async (c) => c.json(await store(c).validate("adapters", c.req.valid("json")), 200))
    .openapi(adapters.create, async (c) => c.json(await refusals(store(c).create("adapters", c.req.valid("json"))), 200))
    .openapi(getAdapter, async (c) => c.json(await found("adapters", c.req.valid("param").idOrName, store(c)), 200))
    .openapi(adapters.update, async (c) => c.json(await updated("adapters", c.req.valid("param").idOrName, c.req.valid("json"), store(c)), 200))
    .openapi(adapters.delete, async (c) => c.json(await deleted("adapters", c.req.valid("param").idOrName, store(c)), 200))
    .openapi(queryAdapter, async (c) => {
      const { idOrName } = c.req.valid("param");
      const result = await store(c).query("adapters", idOrName, c.req.valid("query").key);
      if (!result) throw noSuch("adapters", idOrName);
      return c.json(result, 200);
    })
    .openapi(errorStates, async (c) => c.json(await store(c).errorStates(c.req.valid("json")), 200))
    .openapi(adapterTypes, (c) => c.json(store(c).adapterTypes(), 200))
    .openapi(cacheTypes, (c) => c.json(store(c).cacheTypes(), 200));
}

async function found<K extends LookupEntityKind>(kind: K, idOrName: string, store: LookupStore): Promise<LookupEntityOf[K]> {
  const entity = await store.get(kind, idOrName);
  if (!entity) throw noSuch(kind, idOrName);
  return entity;
}

async function updated<K extends LookupEntityKind>(kind: K, idOrName: string, body: LookupBodyOf[K], store: LookupStore): Promise<LookupEntityOf[K]> {
  const entity = await refusals(store.update(kind, idOrName, body));
  if (!entity) throw noSuch(kind, idOrName);
  return entity;
}

async function deleted<K extends LookupEntityKind>(kind: K, idOrName: string, store: LookupStore): Promise<LookupEntityOf[K]> {
  const entity = await found(kind, idOrName, store);
  if (!(await refusals(store.delete(kind, idOrName)))) throw noSuch(kind, idOrName);
  return entity;
}

function noSuch(kind: LookupEntityKind, idOrName: string): ApiError {
  return notFound(`Unable to find ${KINDS[kind].title} ${idOrName}`);
}

/** A backend's refusal (EntityValidationError) is the caller's to fix: 400 with its text. */
async function refusals<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EntityValidationError) throw badRequest(error.message);
    throw error;
  }
}
