import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { EntityValidationError } from "../schemas/paginated.ts";
import {
  AdministrationRequestSchema,
  BulkActionsRequestSchema,
  CollectorBodySchema,
  CollectorListSchema,
  CollectorSchema,
  NodeConfigurationRequestSchema,
  RegistrationRequestSchema,
  RegistrationResponseSchema,
  SidecarConfigurationBodySchema,
  SidecarConfigurationListSchema,
  SidecarConfigurationSchema,
  SidecarListQuerySchema,
  SidecarListSchema,
  type SidecarSummary,
  SidecarSummarySchema,
} from "../schemas/sidecars.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

/** Graylog's sidecar permissions (spec 000 §6 gates the menu entry on sidecars:read). */
const READ = "sidecars:read";
const UPDATE = "sidecars:update";
const COLLECTORS_READ = "sidecar_collectors:read";
const COLLECTORS_CREATE = "sidecar_collectors:create";
const COLLECTORS_UPDATE = "sidecar_collectors:update";
const COLLECTORS_DELETE = "sidecar_collectors:delete";
const CONFIGURATIONS_READ = "sidecar_collector_configurations:read";
const CONFIGURATIONS_CREATE = "sidecar_collector_configurations:create";
const CONFIGURATIONS_UPDATE = "sidecar_collector_configurations:update";
const CONFIGURATIONS_DELETE = "sidecar_collector_configurations:delete";

const TAGS = ["Sidecars"];
const SidecarId = z.object({ sidecarId: z.string().min(1).max(300) });
const EntityId = z.object({ id: z.string().min(1).max(100) });
const notFoundAnswer = { 404: jsonContent(ApiErrorSchema, "No such sidecar, collector or configuration.") };
/** graylog-sidecar names its version in this header. */
const VersionHeader = z.object({ "X-Graylog-Sidecar-Version": z.string().max(100).optional() });

const listAll = secureRoute(requires(READ), {
  method: "get",
  path: "/sidecars/all",
  tags: TAGS,
  summary: "Every registered sidecar",
  responses: { 200: jsonContent(SidecarListSchema, "The sidecars.") },
});

const listPage = secureRoute(requires(READ), {
  method: "get",
  path: "/sidecars",
  tags: TAGS,
  summary: "One page of sidecars; `query` matches names, `only_active` leaves out those not seen for a minute",
  request: { query: SidecarListQuerySchema },
  responses: { 200: jsonContent(SidecarListSchema, "One page of sidecars.") },
});

const getSidecar = secureRoute(requires(READ), {
  method: "get",
  path: "/sidecars/{sidecarId}",
  tags: TAGS,
  summary: "One sidecar",
  request: { params: SidecarId },
  responses: { 200: jsonContent(SidecarSummarySchema, "The sidecar."), ...notFoundAnswer },
});

const register = secureRoute(requires(UPDATE), {
  method: "put",
  path: "/sidecars/{sidecarId}",
  tags: TAGS,
  summary: "Register or refresh a sidecar (graylog-sidecar calls this every update interval); answers its assignments and pending actions",
  request: { params: SidecarId, headers: VersionHeader, body: jsonBody(RegistrationRequestSchema) },
  responses: { 202: jsonContent(RegistrationResponseSchema, "The sidecar's settings, actions and assignments.") },
});

const assign = secureRoute(requires(UPDATE), {
  method: "put",
  path: "/sidecars/configurations",
  tags: TAGS,
  summary: "Assign configurations to sidecars (each named sidecar's assignments are replaced)",
  request: { body: jsonBody(NodeConfigurationRequestSchema) },
  responses: { 202: { description: "Assigned; no content." }, ...notFoundAnswer },
});

const administration = secureRoute(requires(READ), {
  method: "post",
  path: "/sidecar/administration",
  tags: TAGS,
  summary: "Sidecars with the collectors they can run, filtered by collector, configuration, operating system or status",
  request: { body: jsonBody(AdministrationRequestSchema) },
  responses: { 200: jsonContent(SidecarListSchema, "One page of sidecars with their collectors.") },
});

const actions = secureRoute(requires(UPDATE), {
  method: "put",
  path: "/sidecar/administration/action",
  tags: TAGS,
  summary: "Ask sidecars to start, stop or restart collectors (delivered with their next registration)",
  request: { body: jsonBody(BulkActionsRequestSchema) },
  responses: { 202: { description: "Queued; no content." } },
});

const listCollectors = secureRoute(requires(COLLECTORS_READ), {
  method: "get",
  path: "/sidecar/collectors",
  tags: TAGS,
  summary: "Every log collector (Graylog's defaults and those added)",
  responses: { 200: jsonContent(CollectorListSchema, "The collectors.") },
});

const getCollector = secureRoute(requires(COLLECTORS_READ), {
  method: "get",
  path: "/sidecar/collectors/{id}",
  tags: TAGS,
  summary: "One log collector",
  request: { params: EntityId },
  responses: { 200: jsonContent(CollectorSchema, "The collector."), ...notFoundAnswer },
});

const createCollector = secureRoute(requires(COLLECTORS_CREATE), {
  method: "post",
  path: "/sidecar/collectors",
  tags: TAGS,
  summary: "Add a log collector; its name must be new on its operating system",
  request: { body: jsonBody(CollectorBodySchema) },
  responses: { 200: jsonContent(CollectorSchema, "The stored collector.") },
});

const updateCollector = secureRoute(requires(COLLECTORS_UPDATE), {
  method: "put",
  path: "/sidecar/collectors/{id}",
  tags: TAGS,
  summary: "Change a log collector",
  request: { params: EntityId, body: jsonBody(CollectorBodySchema) },
  responses: { 200: jsonContent(CollectorSchema, "The stored collector."), ...notFoundAnswer },
});

const deleteCollector = secureRoute(requires(COLLECTORS_DELETE), {
  method: "delete",
  path: "/sidecar/collectors/{id}",
  tags: TAGS,
  summary: "Remove a log collector no configuration uses",
  request: { params: EntityId },
  responses: { ...NoContent, ...notFoundAnswer },
});

const listConfigurations = secureRoute(requires(CONFIGURATIONS_READ), {
  method: "get",
  path: "/sidecar/configurations",
  tags: TAGS,
  summary: "Every collector configuration",
  responses: { 200: jsonContent(SidecarConfigurationListSchema, "The configurations.") },
});

const getConfiguration = secureRoute(requires(CONFIGURATIONS_READ), {
  method: "get",
  path: "/sidecar/configurations/{id}",
  tags: TAGS,
  summary: "One collector configuration",
  request: { params: EntityId },
  responses: { 200: jsonContent(SidecarConfigurationSchema, "The configuration."), ...notFoundAnswer },
});

const renderConfiguration = secureRoute(requires(READ), {
  method: "get",
  path: "/sidecar/configurations/render/{sidecarId}/{id}",
  tags: TAGS,
  summary: "A configuration as one sidecar runs it: its template with the `${sidecar.*}` variables filled in",
  request: { params: SidecarId.merge(EntityId) },
  responses: { 200: jsonContent(SidecarConfigurationSchema, "The rendered configuration."), ...notFoundAnswer },
});

const createConfiguration = secureRoute(requires(CONFIGURATIONS_CREATE), {
  method: "post",
  path: "/sidecar/configurations",
  tags: TAGS,
  summary: "Add a collector configuration",
  request: { body: jsonBody(SidecarConfigurationBodySchema) },
  responses: { 200: jsonContent(SidecarConfigurationSchema, "The stored configuration.") },
});

const updateConfiguration = secureRoute(requires(CONFIGURATIONS_UPDATE), {
  method: "put",
  path: "/sidecar/configurations/{id}",
  tags: TAGS,
  summary: "Change a collector configuration",
  request: { params: EntityId, body: jsonBody(SidecarConfigurationBodySchema) },
  responses: { 200: jsonContent(SidecarConfigurationSchema, "The stored configuration."), ...notFoundAnswer },
});

const deleteConfiguration = secureRoute(requires(CONFIGURATIONS_DELETE), {
  method: "delete",
  path: "/sidecar/configurations/{id}",
  tags: TAGS,
  summary: "Remove a collector configuration no sidecar is assigned",
  request: { params: EntityId },
  responses: { ...NoContent, ...notFoundAnswer },
});

/** One page of sidecars in Graylog's `SidecarListResponse`. */
function sidecarList(all: SidecarSummary[], page: number, perPage: number, extra: { query: string; only_active: boolean; sort: string | null; order: string | null }) {
  const sidecars = all.slice((page - 1) * perPage, page * perPage);
  return { ...extra, pagination: { total: all.length, count: sidecars.length, page, per_page: perPage }, total: all.length, sidecars };
}

/** System → Sidecars (Graylog 5.1's sidecar plugin: `/sidecars`, `/sidecar/collectors`, `/sidecar/configurations`, `/sidecar/administration`). */
export function sidecarsApi() {
  return createApiRouter()
    .openapi(listAll, async (c) => {
      const all = await c.get("backend").sidecars.list({ query: "", onlyActive: false, sort: "node_name", order: "asc" });
      return c.json(sidecarList(all, 1, Math.max(all.length, 1), { query: "", only_active: false, sort: null, order: null }), 200);
    })
    .openapi(listPage, async (c) => {
      const query = c.req.valid("query");
      const sort = query.sort ?? "node_name";
      const order = query.order ?? "asc";
      const onlyActive = query.only_active === "true";
      const all = await c.get("backend").sidecars.list({ query: query.query ?? "", onlyActive, sort, order });
      return c.json(sidecarList(all, Number(query.page ?? 1), Number(query.per_page ?? 50), { query: query.query ?? "", only_active: onlyActive, sort, order }), 200);
    })
    .openapi(getSidecar, async (c) => {
      const { sidecarId } = c.req.valid("param");
      const sidecar = await c.get("backend").sidecars.get(sidecarId);
      if (!sidecar) throw notFound(`Could not find sidecar <${sidecarId}>`);
      return c.json(sidecar, 200);
    })
    .openapi(register, async (c) => {
      const { sidecarId } = c.req.valid("param");
      const version = c.req.valid("header")["X-Graylog-Sidecar-Version"] ?? "";
      return c.json(await c.get("backend").sidecars.register(sidecarId, c.req.valid("json"), version), 202);
    })
    .openapi(assign, async (c) => {
      const unknown = await refusalsAreBadRequests(c.get("backend").sidecars.assign(c.req.valid("json")));
      if (unknown !== null) throw notFound(`Could not find sidecar <${unknown}>`);
      return c.body(null, 202);
    })
    .openapi(administration, async (c) => {
      const request = c.req.valid("json");
      const all = await c.get("backend").sidecars.administration(request);
      const filters = Object.fromEntries(Object.entries(request.filters).filter((entry): entry is [string, string] => entry[1] !== undefined));
      return c.json({ ...sidecarList(all, request.page, request.per_page, { query: request.query, only_active: false, sort: "node_name", order: "asc" }), filters }, 200);
    })
    .openapi(actions, async (c) => {
      await refusalsAreBadRequests(c.get("backend").sidecars.queueActions(c.req.valid("json")));
      return c.body(null, 202);
    })
    .openapi(listCollectors, async (c) => {
      const collectors = await c.get("backend").sidecars.collectors();
      const pagination = { total: collectors.length, count: collectors.length, page: 1, per_page: Math.max(collectors.length, 1) };
      return c.json({ query: "", pagination, total: collectors.length, sort: "name", order: "asc", collectors }, 200);
    })
    .openapi(getCollector, async (c) => c.json(found(await c.get("backend").sidecars.collector(c.req.valid("param").id), "collector"), 200))
    .openapi(createCollector, async (c) => c.json(await refusalsAreBadRequests(c.get("backend").sidecars.createCollector(c.req.valid("json"))), 200))
    .openapi(updateCollector, async (c) => {
      const updated = await refusalsAreBadRequests(c.get("backend").sidecars.updateCollector(c.req.valid("param").id, c.req.valid("json")));
      return c.json(found(updated, "collector"), 200);
    })
    .openapi(deleteCollector, async (c) => {
      if (!(await refusalsAreBadRequests(c.get("backend").sidecars.deleteCollector(c.req.valid("param").id)))) throw noSuch("collector");
      return c.body(null, 204);
    })
    .openapi(listConfigurations, async (c) => {
      const configurations = await c.get("backend").sidecars.configurations();
      const pagination = { total: configurations.length, count: configurations.length, page: 1, per_page: Math.max(configurations.length, 1) };
      return c.json({ query: "", pagination, total: configurations.length, sort: "name", order: "asc", configurations }, 200);
    })
    .openapi(getConfiguration, async (c) => c.json(found(await c.get("backend").sidecars.configuration(c.req.valid("param").id), "configuration"), 200))
    .openapi(renderConfiguration, async (c) => {
      const { sidecarId, id } = c.req.valid("param");
      return c.json(found(await c.get("backend").sidecars.render(sidecarId, id), "sidecar or configuration"), 200);
    })
    .openapi(createConfiguration, async (c) =>
      c.json(await refusalsAreBadRequests(c.get("backend").sidecars.createConfiguration(c.req.valid("json"))), 200)
    )
    .openapi(updateConfiguration, async (c) => {
      const updated = await refusalsAreBadRequests(c.get("backend").sidecars.updateConfiguration(c.req.valid("param").id, c.req.valid("json")));
      return c.json(found(updated, "configuration"), 200);
    })
    .openapi(deleteConfiguration, async (c) => {
      if (!(await refusalsAreBadRequests(c.get("backend").sidecars.deleteConfiguration(c.req.valid("param").id)))) throw noSuch("configuration");
      return c.body(null, 204);
    });
}

function found<T>(value: T | null, what: string): T {
  if (value === null) throw noSuch(what);
  return value;
}

function noSuch(what: string): ApiError {
  return notFound(`Couldn't find ${what}.`);
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
