import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isPermitted } from "../../shared/permissions.ts";
import { createGrn } from "../../shared/grn.ts";
import { AUTHENTICATED, requires, requiresAny } from "../access.ts";
import { badRequest, forbidden, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import type { Backend } from "../schemas/backend.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import type { User } from "../schemas/user.ts";
import {
  BulkDeleteRequestSchema,
  BulkDeleteResultSchema,
  type SeriesFunction,
  SeriesFunctionsSchema,
  type StoredView,
  VIEW_GRN_TYPES,
  ViewBodySchema,
  type ViewList,
  viewListQuery,
  ViewListSchema,
  ViewSchema,
  type ViewParameterSummary,
  ViewParameterSummarySchema,
  type ViewType,
} from "../schemas/views.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";
import { granteesOf, viewCapability } from "../view-access.ts";

const ViewId = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, "id must be a 24-character hex ObjectId") });
const noSuchView = { 404: jsonContent(ApiErrorSchema, "No such view, or one the caller may not see.") };
const notTheirs = { 403: jsonContent(ApiErrorSchema, "Owner check: the view belongs to another user.") };

/** Spec 001 §9: paginated lists default to 50 per page; the saved searches list to 20. */
const VIEWS_PER_PAGE = 50;
const SAVED_SEARCHES_PER_PAGE = 20;

const listViews = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/views",
  tags: ["Views"],
  summary: "The views (saved searches and dashboards) the caller owns; every view for administrators",
  request: { query: viewListQuery(VIEWS_PER_PAGE) },
  responses: { 200: jsonContent(ViewListSchema, "One page of views.") },
});

const listSavedSearches = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/search/saved",
  tags: ["Views"],
  summary: "The saved searches (views of type SEARCH) the caller owns; every one for administrators",
  request: { query: viewListQuery(SAVED_SEARCHES_PER_PAGE) },
  responses: { 200: jsonContent(ViewListSchema, "One page of saved searches.") },
});

const listDashboards = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/dashboards",
  tags: ["Dashboards"],
  summary: "The dashboards (views of type DASHBOARD) the caller may see; every one for administrators",
  request: { query: viewListQuery(VIEWS_PER_PAGE) },
  responses: { 200: jsonContent(ViewListSchema, "One page of dashboards.") },
});

// Either create permission lets a caller in; the handler then checks the one of the view's type.
const createView = secureRoute(requiresAny("view:create", "dashboards:create"), {
  method: "post",
  path: "/views",
  tags: ["Views"],
  summary: "Save a new view over one of the caller's searches (view:create; a dashboard: dashboards:create)",
  request: { body: jsonBody(ViewBodySchema) },
  responses: {
    200: jsonContent(ViewSchema, "The stored view, with its id, owner and created_at."),
    403: jsonContent(ApiErrorSchema, "Missing permission: view:create for a saved search, dashboards:create for a dashboard."),
  },
});

const viewsForValue = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/forValue",
  tags: ["Views"],
  summary: "The views the caller may see that a value can be handed to: those whose search declares exactly one parameter",
  responses: { 200: jsonContent(z.array(ViewParameterSummarySchema), "The matching views with their parameters.") },
});

const seriesFunctions = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/views/functions",
  tags: ["Views"],
  summary: "The aggregation functions (series) with type and description",
  responses: { 200: jsonContent(SeriesFunctionsSchema, "Function name → type and description.") },
});

const bulkDelete = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/views/bulk_delete",
  tags: ["Views"],
  summary: "Delete several views; each one the caller may not delete is reported as a failure",
  request: { body: jsonBody(BulkDeleteRequestSchema) },
  responses: { 200: jsonContent(BulkDeleteResultSchema, "How many were deleted and why the others were not.") },
});

const getView = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/views/{id}",
  tags: ["Views"],
  summary: "A view by id",
  request: { params: ViewId },
  responses: { 200: jsonContent(ViewSchema, "The view."), ...noSuchView },
});

const updateView = secureRoute(AUTHENTICATED, {
  method: "put",
  path: "/views/{id}",
  tags: ["Views"],
  summary: "Save a view (its owner or an administrator)",
  request: { params: ViewId, body: jsonBody(ViewBodySchema) },
  responses: { 200: jsonContent(ViewSchema, "The stored view."), ...noSuchView, ...notTheirs },
});

const deleteView = secureRoute(AUTHENTICATED, {
  method: "delete",
  path: "/views/{id}",
  tags: ["Views"],
  summary: "Delete a view (its owner or an administrator)",
  request: { params: ViewId },
  responses: { 200: jsonContent(ViewSchema, "The deleted view."), ...noSuchView, ...notTheirs },
});

// Graylog guards this with its own permission (ViewsRestPermissions.DEFAULT_VIEW_SET); administrators hold `*`.
const setDefaultView = secureRoute(requires("default-view:set"), {
  method: "put",
  path: "/views/{id}/default",
  tags: ["Views"],
  summary: "Make the view the default view",
  request: { params: ViewId },
  responses: { ...NoContent, ...noSuchView },
});

const SERIES_DESCRIPTIONS: Record<SeriesFunction, string> = {
  count: "Count",
  avg: "Average",
  sum: "Sum",
  min: "Minimum",
  max: "Maximum",
  card: "Cardinality",
  stddev: "Standard Deviation",
  variance: "Variance",
  sumofsquares: "Sum of Squares",
  percentile: "Percentile",
  latest: "Latest Value",
};

/** Views: saved searches and dashboards (spec 001 §3, §7). Ownership is checked here, per view. */
export function viewsApi() {
  return createApiRouter()
    .openapi(listViews, async (c) => c.json(await listFor(c, c.req.valid("query")), 200))
    .openapi(listSavedSearches, async (c) => c.json(await listFor(c, c.req.valid("query"), "SEARCH"), 200))
    .openapi(listDashboards, async (c) => c.json(await listFor(c, c.req.valid("query"), "DASHBOARD"), 200))
    .openapi(createView, async (c) => {
      const body = c.req.valid("json");
      const user = c.get("user")!;
      const backend = c.get("backend");
      assertMayCreate(user, body.type);
      await assertOwnSearch(backend, body.search_id, user);
      const stored = await backend.views.create(body, user.username);
      return c.json(await withFavorite(backend, user, stored), 200);
    })
    .openapi(viewsForValue, async (c) => c.json(await viewsTakingOneParameter(c), 200))
    .openapi(seriesFunctions, (c) =>
      c.json(Object.fromEntries(Object.entries(SERIES_DESCRIPTIONS).map(([type, description]) => [type, { type, description }])), 200))
    .openapi(bulkDelete, async (c) => {
      const user = c.get("user")!;
      const backend = c.get("backend");
      const views = backend.views;
      const failures: { entity_id: string; failure_explanation: string }[] = [];
      let deleted = 0;
      for (const id of new Set(c.req.valid("json").entity_ids)) {
        const view = /^[0-9a-f]{24}$/.test(id) ? await views.get(id) : null;
        if (!view || !(await mayChange(backend, view, user))) failures.push({ entity_id: id, failure_explanation: `No view with id ${id} that you may delete.` });
        else if (await views.delete(id)) deleted++;
        else failures.push({ entity_id: id, failure_explanation: `View ${id} was deleted meanwhile.` });
      }
      return c.json({ failures, successfully_performed: deleted }, 200);
    })
    .openapi(getView, async (c) => {
      const user = c.get("user")!;
      const backend = c.get("backend");
      return c.json(await withFavorite(backend, user, await visibleView(backend, c.req.valid("param").id, user)), 200);
    })
    .openapi(updateView, async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const user = c.get("user")!;
      const backend = c.get("backend");
      const current = await changeableView(backend, id, user);
      if (body.type !== current.type) assertMayCreate(user, body.type);
      if (body.id !== undefined && body.id !== id) throw badRequest(`Invalid request body: id: ${body.id} does not match the path's view id ${id}`);
      await assertOwnSearch(backend, body.search_id, user);
      const stored = await backend.views.update(id, body);
      if (!stored) throw notFound(`No view with id ${id}.`);
      return c.json(await withFavorite(backend, user, stored), 200);
    })
    .openapi(deleteView, async (c) => {
      const { id } = c.req.valid("param");
      const user = c.get("user")!;
      const backend = c.get("backend");
      const view = await changeableView(backend, id, user);
      if (!(await backend.views.delete(id))) throw notFound(`No view with id ${id}.`);
      return c.json(await withFavorite(backend, user, view), 200);
    })
    .openapi(setDefaultView, async (c) => {
      const { id } = c.req.valid("param");
      if (!(await c.get("backend").views.setDefault(id))) throw notFound(`No view with id ${id}.`);
      return c.body(null, 204);
    });
}

/** Every view the caller may see whose search declares exactly one parameter (Graylog's qualifying views). */
async function viewsTakingOneParameter(c: Context): Promise<ViewParameterSummary[]> {
  const user: User = c.get("user")!;
  const backend: Backend = c.get("backend");
  const sharedWith = isAdmin(user) ? null : await granteesOf(backend, user);
  const { views } = await backend.views.list({ owner: null, sharedWith, query: "", page: 1, perPage: 10_000, sort: "title", order: "asc" });
  const qualifying: ViewParameterSummary[] = [];
  for (const view of views) {
    const parameters = (await backend.search.getSearch(view.search_id))?.parameters ?? [];
    if (parameters.length !== 1) continue;
    const { id, type, title, summary, description } = view;
    qualifying.push({ id, type, title, summary, description, parameters: parameters as Record<string, unknown>[] });
  }
  return qualifying;
}

type ListQuery = z.infer<ReturnType<typeof viewListQuery>>;

async function listFor(c: Context, { query, page, per_page, sort, order }: ListQuery, type?: ViewType): Promise<ViewList> {
  const user: User = c.get("user")!;
  const backend: Backend = c.get("backend");
  // Non-administrators see the views shared with them; their own views carry their 'own' grant.
  const sharedWith = isAdmin(user) ? null : await granteesOf(backend, user);
  const { views, total } = await backend.views.list({ owner: null, sharedWith, type, query, page, perPage: per_page, sort, order });
  const favorites = await favoriteGrns(backend, user);
  const elements = views.map((view) => ({ ...view, favorite: favorites.has(grnOf(view)) }));
  const pagination = { total, count: elements.length, page, per_page };
  return { pagination, elements, ...pagination, attributes: [] };
}

/** The view if the caller may see it; 404 otherwise, so that others' views are not even confirmed to exist. */
async function visibleView(backend: Backend, id: string, user: User): Promise<StoredView> {
  const view = await backend.views.get(id);
  if (!view || (await viewCapability(backend, user, view)) === null) throw notFound(`No view with id ${id}.`);
  return view;
}

/** The view if the caller may change it: 404 when it does not exist, 403 when it is someone else's. */
async function changeableView(backend: Backend, id: string, user: User): Promise<StoredView> {
  const view = await backend.views.get(id);
  if (!view) throw notFound(`No view with id ${id}.`);
  if (!(await mayChange(backend, view, user))) throw forbidden(`View ${id} belongs to another user.`);
  return view;
}

/** Graylog 5.1's create permissions: `view:create` for a saved search (every reader has it), `dashboards:create`. */
const CREATE_PERMISSIONS: Record<ViewType, { permission: string; refusal: string }> = {
  SEARCH: { permission: "view:create", refusal: "User is not allowed to create new saved searches." },
  DASHBOARD: { permission: "dashboards:create", refusal: "User is not allowed to create new dashboards." },
};

/** 403 unless the user may create views of the type (turning a saved search into a dashboard counts). */
function assertMayCreate(user: User, type: ViewType): void {
  const { permission, refusal } = CREATE_PERMISSIONS[type];
  if (!isPermitted(user.permissions, permission)) throw forbidden(refusal);
}

/** A view may only be saved over a search that exists and is the caller's (administrators: any search). */
async function assertOwnSearch(backend: Backend, searchId: string, user: User): Promise<void> {
  const search = await backend.search.getSearch(searchId);
  if (!search || (search.owner !== user.username && !isAdmin(user))) {
    throw badRequest(`Invalid request body: search_id: no search ${searchId} of yours exists`);
  }
}

async function withFavorite(backend: Backend, user: User, view: StoredView) {
  return { ...view, favorite: (await favoriteGrns(backend, user)).has(grnOf(view)) };
}

/** The caller's favorite GRNs of saved searches and dashboards. */
async function favoriteGrns(backend: Backend, user: User): Promise<Set<string>> {
  const grns = new Set<string>();
  for (const type of Object.values(VIEW_GRN_TYPES)) {
    const { favorites } = await backend.favorites.list(user.username, { page: 1, perPage: 10_000, type });
    for (const favorite of favorites) grns.add(favorite.grn);
  }
  return grns;
}

const grnOf = (view: StoredView) => createGrn(VIEW_GRN_TYPES[view.type], view.id);
const isAdmin = (user: User) => isPermitted(user.permissions, "*");
/** Owners and managers (by grant) may change a view; administrators (`*`) may change every view. */
const mayChange = async (backend: Backend, view: StoredView, user: User) =>
  ((await viewCapability(backend, user, view)) ?? "view") !== "view";
