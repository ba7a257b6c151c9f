import { z } from "@hono/zod-openapi";
import { createGrn, parseGrn } from "../../shared/grn.ts";
import { isPermitted, streamReadPermission } from "../../shared/permissions.ts";
import { AUTHENTICATED } from "../access.ts";
import { badRequest, forbidden, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import { granteesOf, userGrn } from "../view-access.ts";
import { type EntityAttribute, type PageRequest, pageQuerySchema, paginatedAnswer, toPageRequest } from "../schemas/paginated.ts";
import { entityCapability, findShareableEntity, type ShareableEntity } from "../shareable-entities.ts";
import { isShareableEntityType, SHAREABLE_ENTITY_TYPES } from "../../shared/grant-permissions.ts";
import type { Backend } from "../schemas/backend.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import type { Search } from "../schemas/search.ts";
import {
  CAPABILITIES,
  type Capability,
  CAPABILITY_TITLES,
  type EntityShareRequest,
  EntityShareRequestSchema,
  type EntityShareResponse,
  EntityShareResponseSchema,
  EVERYONE_GRN,
  PaginatedEntitySharesSchema,
  SHARED_ENTITY_SORT_FIELDS,
  type Grantee,
  GRN_PATTERN,
  type MissingDependency,
  type ShareValidationResult,
} from "../schemas/shares.ts";
import type { User } from "../schemas/user.ts";
import type { StoredView } from "../schemas/views.ts";
import { capabilityIncludes } from "../../shared/share-kinds.ts";
import { USER_AND_TEAMS_CONFIG_CLASS } from "../schemas/user-configuration.ts";
import { jsonBody, jsonContent, secureRoute } from "../secure-route.ts";

const EntityParams = z.object({
  grn: z.string().max(300).regex(GRN_PATTERN, "grn must be a GRN (grn::::{type}:{id})"),
});
const entityResponses = {
  404: jsonContent(ApiErrorSchema, "No such entity, or one the caller may not see."),
  403: jsonContent(ApiErrorSchema, "Owner check: only owners of the entity may share it."),
};

const prepareShares = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/authz/shares/entities/{grn}/prepare",
  tags: ["Sharing"],
  summary: "Describe an entity's shares, as they are or with a proposed selection (nothing is stored)",
  request: { params: EntityParams, body: jsonBody(EntityShareRequestSchema) },
  responses: {
    200: jsonContent(
      EntityShareResponseSchema,
      "Grantees, capabilities, shares, missing dependencies, validation.",
    ),
    ...entityResponses,
  },
});

const updateShares = secureRoute(AUTHENTICATED, {
  method: "post",
  path: "/authz/shares/entities/{grn}",
  tags: ["Sharing"],
  summary: "Replace an entity's shares by the selected grantee capabilities",
  request: { params: EntityParams, body: jsonBody(EntityShareRequestSchema) },
  responses: {
    200: jsonContent(EntityShareResponseSchema, "The entity's shares as stored."),
    ...entityResponses,
  },
});

const sharesOfUser = secureRoute(AUTHENTICATED, {
  method: "get",
  path: "/authz/shares/user/{userId}",
  tags: ["Sharing"],
  summary: "One page of the entities shared with a user (directly, through a team or with Everyone) and the user's capability on each",
  request: {
    params: z.object({ userId: z.string().min(1).max(100) }),
    query: pageQuerySchema({ sortFields: SHARED_ENTITY_SORT_FIELDS, defaultSort: "title" }),
  },
  responses: {
    200: jsonContent(PaginatedEntitySharesSchema, "The shared entities, by title."),
    403: jsonContent(ApiErrorSchema, "Owner check: only the user themself, or who may read that user, may list their shares."),
    404: jsonContent(ApiErrorSchema, "No such user."),
  },
});

const SHARED_ENTITY_ATTRIBUTES: readonly EntityAttribute[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true, searchable: true },
  { id: "type", title: "Type", type: "STRING", sortable: true, searchable: false },
];

/** Entity sharing (spec 002 §3–§5, §7): prepare and update of grants on every shareable entity. */
export function sharesApi() {
  return createApiRouter()
    .openapi(prepareShares, async (c) => {
      const backend = c.get("backend");
      const user = c.get("user")!;
      const { grn } = c.req.valid("param");
      const entity = await ownedEntity(backend, user, grn);
      return c.json(
        await describeShares(backend, user, entity, grn, c.req.valid("json").selected_grantee_capabilities),
        200,
      );
    })
    .openapi(updateShares, async (c) => {
      const backend = c.get("backend");
      const user = c.get("user")!;
      const { grn } = c.req.valid("param");
      const { selected_grantee_capabilities: selected } = c.req.valid("json");
      if (!selected) throw badRequest("Invalid request body: selected_grantee_capabilities is required");
      const entity = await ownedEntity(backend, user, grn);
      const proposed = await describeShares(backend, user, entity, grn, selected);
      if (proposed.validation_result.failed) {
        const owners = proposed.validation_result.error_context.selected_grantee_capabilities ?? [];
        throw badRequest(
          `Invalid request body: selected_grantee_capabilities: ${
            proposed.validation_result.errors.selected_grantee_capabilities?.join(" ")
          } (${owners.join(", ")})`,
        );
      }
      await backend.shares.replaceGrants(grn, selected, user.username);
      return c.json(await describeShares(backend, user, entity, grn), 200);
    })
    .openapi(sharesOfUser, async (c) => {
      const backend = c.get("backend");
      const caller = c.get("user")!;
      const { userId } = c.req.valid("param");
      const target = await backend.users.getById(userId);
      if (!target) throw notFound(`Couldn't find user with id ${userId}`);
      if (caller.id !== target.id && !isPermitted(caller.permissions, `users:read:${target.username}`)) {
        throw forbidden(`Only ${target.username} or who may read that user may list their shares.`);
      }
      const request = toPageRequest(c.req.valid("query"));
      const page = await sharedWith(backend, target, request);
      return c.json({ ...paginatedAnswer("entities", page.entities, request, SHARED_ENTITY_ATTRIBUTES), context: { user_capabilities: page.capabilities } }, 200);
    });
}

/** The entities a user holds grants on (their own, their teams', Everyone's), the strongest capability each. */
async function sharedWith(backend: Backend, user: User, request: PageRequest<(typeof SHARED_ENTITY_SORT_FIELDS)[number]>) {
  const grants = await backend.shares.grantsFor(await granteesOf(backend, user));
  const capabilities: Record<string, Capability> = {};
  for (const grant of grants) {
    const held = capabilities[grant.target];
    if (!held || capabilityIncludes(grant.capability, held)) capabilities[grant.target] = grant.capability;
  }
  const grantees = new Map((await backend.shares.availableGrantees()).map((grantee) => [grantee.grn, grantee]));
  const described = [];
  for (const grn of Object.keys(capabilities)) {
    const parsed = parseGrn(grn);
    const entity = parsed && isShareableEntityType(parsed.type) ? await findShareableEntity(backend, parsed.type, parsed.id) : null;
    if (!entity) {
      delete capabilities[grn];
      continue;
    }
    const owners = (await backend.shares.grantsOn(grn)).filter((grant) => grant.capability === "own")
      .map((grant) => grantees.get(grant.grantee)).filter((grantee): grantee is Grantee => grantee !== undefined);
    described.push({ id: grn, type: entity.type, title: entity.title, owners });
  }
  const needle = request.query.trim().toLowerCase();
  const matching = described.filter((entity) => entity.title.toLowerCase().includes(needle));
  const direction = request.order === "desc" ? -1 : 1;
  matching.sort((a, b) => direction * a[request.sort].localeCompare(b[request.sort]) || a.id.localeCompare(b.id));
  const start = (request.page - 1) * request.perPage;
  const elements = matching.slice(start, start + request.perPage);
  return {
    entities: { elements, total: matching.length },
    capabilities: Object.fromEntries(elements.map((entity) => [entity.id, capabilities[entity.id]])),
  };
}

/** The entity behind a GRN if the caller owns it: 400 for types that cannot be shared, 404 unseen, 403 not owned. */
async function ownedEntity(backend: Backend, user: User, grn: string): Promise<ShareableEntity> {
  const parsed = parseGrn(grn);
  if (!parsed || !isShareableEntityType(parsed.type)) {
    throw badRequest(
      `Invalid path parameter: grn: sharing ${parsed?.type ?? "such"} entities is not supported (only ${
        SHAREABLE_ENTITY_TYPES.join(", ")
      })`,
    );
  }
  const entity = await findShareableEntity(backend, parsed.type, parsed.id);
  const capability = entity ? await entityCapability(backend, user, entity) : null;
  if (!entity || capability === null) throw notFound(`No ${parsed.type} with id ${parsed.id}.`);
  if (capability !== "own") throw forbidden(`Only owners of this ${parsed.type} are allowed to share it.`);
  return entity;
}

async function describeShares(
  backend: Backend,
  user: User,
  entity: ShareableEntity,
  grn: string,
  requested?: EntityShareRequest["selected_grantee_capabilities"],
): Promise<EntityShareResponse> {
  const [grants, allGrantees, sharing] = await Promise.all([
    backend.shares.grantsOn(grn),
    backend.shares.availableGrantees(),
    backend.clusterConfig.get(USER_AND_TEAMS_CONFIG_CLASS),
  ]);
  // The sharing configuration takes Everyone or single users out of the choice (teams always remain).
  const grantees = allGrantees.filter((grantee) =>
    grantee.type === "global" ? sharing.allow_sharing_with_everyone : grantee.type !== "user" || sharing.allow_sharing_with_users
  );
  const current = Object.fromEntries(grants.map((grant) => [grant.grantee, grant.capability]));
  const selected: Record<string, Capability> = requested ?? current;
  const known = new Set(grantees.map((grantee) => grantee.grn));
  const unknown = Object.keys(selected).filter((grantee) => !known.has(grantee) && !(grantee in current));
  if (unknown.length > 0) {
    throw badRequest(`Invalid request body: selected_grantee_capabilities: no grantee ${unknown.join(", ")}`);
  }
  return {
    entity: grn,
    sharing_user: userGrn(user),
    available_grantees: grantees,
    available_capabilities: CAPABILITIES.map((id) => ({ id, title: CAPABILITY_TITLES[id] })),
    active_shares: grants.map((grant) => ({
      grant: createGrn("grant", grant.id),
      grantee: grant.grantee,
      capability: grant.capability,
    })),
    selected_grantee_capabilities: selected,
    missing_permissions_on_dependencies: entity.view ? await missingDependencies(backend, entity.view, selected, grantees) : {},
    validation_result: ownerlessCheck(current, selected),
  };
}

/** Removing every owner would leave the entity ownerless (spec 002 §5); the removed owners are the context. */
function ownerlessCheck(
  current: Record<string, Capability>,
  selected: Record<string, Capability>,
): ShareValidationResult {
  const ownsAfter = Object.values(selected).includes("own");
  const removedOwners = Object.entries(current).filter(([grantee, capability]) =>
    capability === "own" && selected[grantee] !== "own"
  ).map(([g]) => g);
  if (ownsAfter || removedOwners.length === 0) return { failed: false, errors: {}, error_context: {} };
  return {
    failed: true,
    errors: {
      selected_grantee_capabilities: ["Removing the following owners will leave the entity ownerless."],
    },
    error_context: { selected_grantee_capabilities: removedOwners },
  };
}

/**
 * The streams a view searches that a selected grantee may not read: without them the grantee opens the view
 * but sees no messages. Everyone misses a stream when some user (not an administrator) cannot read it.
 */
async function missingDependencies(
  backend: Backend,
  view: StoredView,
  selected: Record<string, Capability>,
  grantees: readonly Grantee[],
): Promise<Record<string, MissingDependency[]>> {
  const search = await backend.search.getSearch(view.search_id);
  const streamIds = [...new Set([...(search ? searchedStreams(search) : []), ...widgetStreams(view)])];
  if (streamIds.length === 0) return {};
  const titles = new Map((await backend.search.streams()).map((stream) => [stream.id, stream.title]));
  const dependencies = streamIds.map((id) => ({
    id,
    grn: createGrn("stream", id),
    type: "stream",
    title: titles.get(id) ?? id,
    owners: [],
  }));
  const permissionsOf = async (grantee: string): Promise<readonly string[] | null> => {
    const username = await backend.shares.usernameOf(grantee);
    return username ? (await backend.users.get(username))?.permissions ?? null : null;
  };
  const membersOf = async (grantee: string): Promise<User[]> => {
    const team = parseGrn(grantee)?.type === "team" ? await backend.teams.get(parseGrn(grantee)!.id) : null;
    const members = await Promise.all((team?.users ?? []).map((id) => backend.users.getById(id)));
    return members.filter((member): member is User => member !== null);
  };
  const lacking = (permissions: readonly string[]) =>
    dependencies.filter((dependency) => !isPermitted(permissions, streamReadPermission(dependency.id)));
  const missing: Record<string, MissingDependency[]> = {};
  for (const grantee of Object.keys(selected)) {
    let found: typeof dependencies = [];
    if (grantee === EVERYONE_GRN) {
      const users = grantees.filter((candidate) => candidate.type === "user");
      const perUser = await Promise.all(
        users.map(async (candidate) => lacking((await permissionsOf(candidate.grn)) ?? [])),
      );
      found = dependencies.filter((dependency) => perUser.some((list) => list.includes(dependency)));
    } else if (parseGrn(grantee)?.type === "team") {
      // A team misses a stream when one of its members cannot read it (the grant gives the view, not the stream).
      const perMember = (await membersOf(grantee)).map((member) => lacking(member.permissions));
      found = dependencies.filter((dependency) => perMember.some((list) => list.includes(dependency)));
    } else {
      const permissions = await permissionsOf(grantee);
      if (permissions) found = lacking(permissions);
    }
    if (found.length > 0) missing[grantee] = found.map(({ id: _id, ...dependency }) => dependency);
  }
  return missing;
}

/** Stream ids a search names in its query filters and search-type overrides. */
function searchedStreams(search: Search): string[] {
  const ids: string[] = [];
  for (const query of search.queries) {
    if (query.filter?.type === "or") ids.push(...query.filter.filters.map((filter) => filter.id));
    for (const searchType of query.search_types) {
      if (searchType.filter?.type === "or") ids.push(...searchType.filter.filters.map((filter) => filter.id));
      ids.push(...(searchType.streams ?? []));
    }
  }
  return ids;
}

/** Stream ids that widgets of the view state override (`widgets[].streams`); the state is otherwise opaque here. */
function widgetStreams(view: StoredView): string[] {
  const ids: string[] = [];
  for (const state of Object.values(view.state)) {
    const widgets = Array.isArray(state.widgets) ? state.widgets : [];
    for (const widget of widgets) {
      const streams = (widget as { streams?: unknown }).streams;
      if (Array.isArray(streams)) ids.push(...streams.filter((id): id is string => typeof id === "string"));
    }
  }
  return ids;
}

