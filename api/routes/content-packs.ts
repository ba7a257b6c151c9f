import { z } from "@hono/zod-openapi";
import { requires } from "../access.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import { createApiRouter } from "../router.ts";
import {
  CatalogIndexSchema,
  CatalogResolveRequestSchema,
  CatalogResolveResponseSchema,
  ContentPackInstallationRequestSchema,
  ContentPackInstallationSchema,
  ContentPackInstallationsSchema,
  ContentPackListSchema,
  ContentPackResponseSchema,
  ContentPackRevisionsSchema,
  ContentPackSchema,
  ContentPackUninstallationSchema,
  ContentPackUninstallDetailsSchema,
} from "../schemas/content-packs.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { EntityValidationError } from "../schemas/paginated.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

/** Graylog's content pack permissions (spec 000 §6 gates the menu entry on the first). */
const READ = "contentpack:read";
const CREATE = "contentpack:create";
const DELETE = "contentpack:delete";

const TAGS = ["Content packs"];
const PackId = z.string().min(1).max(100);
const Revision = z.string().regex(/^[1-9][0-9]{0,5}$/, "revision must be a positive whole number");
const InstallationId = z.string().min(1).max(100);
const noSuchPack = { 404: jsonContent(ApiErrorSchema, "No content pack (or revision, or installation) with this id.") };

const catalogIndex = secureRoute(requires(READ), {
  method: "get",
  path: "/system/catalog",
  tags: TAGS,
  summary: "Every entity a content pack can hold, by type",
  responses: { 200: jsonContent(CatalogIndexSchema, "The catalog's entities.") },
});

const catalogResolve = secureRoute(requires(READ), {
  method: "post",
  path: "/system/catalog",
  tags: TAGS,
  summary: "The named entities and every entity they depend on, as content pack entities",
  request: { body: jsonBody(CatalogResolveRequestSchema) },
  responses: { 200: jsonContent(CatalogResolveResponseSchema, "The entities with their dependencies.") },
});

const listAll = secureRoute(requires(READ), {
  method: "get",
  path: "/system/content_packs",
  tags: TAGS,
  summary: "Every revision of every content pack, with installation counts",
  responses: { 200: jsonContent(ContentPackListSchema, "The packs.") },
});

const listLatest = secureRoute(requires(READ), {
  method: "get",
  path: "/system/content_packs/latest",
  tags: TAGS,
  summary: "Each content pack's newest revision, with installation counts",
  responses: { 200: jsonContent(ContentPackListSchema, "The packs.") },
});

const upload = secureRoute(requires(CREATE), {
  method: "post",
  path: "/system/content_packs",
  tags: TAGS,
  summary: "Store a content pack revision (an upload, or one made in the create wizard)",
  request: { body: jsonBody(ContentPackSchema) },
  responses: { 201: jsonContent(ContentPackSchema, "The stored revision.") },
});

const revisions = secureRoute(requires(READ), {
  method: "get",
  path: "/system/content_packs/{contentPackId}",
  tags: TAGS,
  summary: "Every revision of one content pack",
  request: { params: z.object({ contentPackId: PackId }) },
  responses: { 200: jsonContent(ContentPackRevisionsSchema, "The revisions by number."), ...noSuchPack },
});

const revision = secureRoute(requires(READ), {
  method: "get",
  path: "/system/content_packs/{contentPackId}/{revision}",
  tags: TAGS,
  summary: "One revision of a content pack",
  request: { params: z.object({ contentPackId: PackId, revision: Revision }) },
  responses: { 200: jsonContent(ContentPackResponseSchema, "The revision."), ...noSuchPack },
});

const download = secureRoute(requires(READ), {
  method: "get",
  path: "/system/content_packs/{contentPackId}/{revision}/download",
  tags: TAGS,
  summary: "One revision as a JSON file to download",
  request: { params: z.object({ contentPackId: PackId, revision: Revision }) },
  responses: { 200: jsonContent(ContentPackSchema, "The revision, as an attachment."), ...noSuchPack },
});

const deletePack = secureRoute(requires(DELETE), {
  method: "delete",
  path: "/system/content_packs/{contentPackId}",
  tags: TAGS,
  summary: "Remove every revision of a content pack (the entities it installed stay)",
  request: { params: z.object({ contentPackId: PackId }) },
  responses: { ...NoContent, ...noSuchPack },
});

const deleteRevision = secureRoute(requires(DELETE), {
  method: "delete",
  path: "/system/content_packs/{contentPackId}/{revision}",
  tags: TAGS,
  summary: "Remove one revision of a content pack",
  request: { params: z.object({ contentPackId: PackId, revision: Revision }) },
  responses: { ...NoContent, ...noSuchPack },
});

const install = secureRoute(requires(CREATE), {
  method: "post",
  path: "/system/content_packs/{contentPackId}/{revision}/installations",
  tags: TAGS,
  summary: "Install a revision with values for its parameters: its entities are created (equal ones found are used)",
  request: { params: z.object({ contentPackId: PackId, revision: Revision }), body: jsonBody(ContentPackInstallationRequestSchema) },
  responses: { 200: jsonContent(ContentPackInstallationSchema, "The installation."), ...noSuchPack },
});

const installations = secureRoute(requires(READ), {
  method: "get",
  path: "/system/content_packs/{contentPackId}/installations",
  tags: TAGS,
  summary: "The installations of a content pack",
  request: { params: z.object({ contentPackId: PackId }) },
  responses: { 200: jsonContent(ContentPackInstallationsSchema, "The installations.") },
});

const uninstallDetails = secureRoute(requires(READ), {
  method: "get",
  path: "/system/content_packs/{contentPackId}/installations/{installationId}/uninstall_details",
  tags: TAGS,
  summary: "The entities uninstalling would remove",
  request: { params: z.object({ contentPackId: PackId, installationId: InstallationId }) },
  responses: { 200: jsonContent(ContentPackUninstallDetailsSchema, "What an uninstall removes."), ...noSuchPack },
});

const uninstall = secureRoute(requires(DELETE), {
  method: "delete",
  path: "/system/content_packs/{contentPackId}/installations/{installationId}",
  tags: TAGS,
  summary: "Uninstall: remove what the installation created that no other installation uses",
  request: { params: z.object({ contentPackId: PackId, installationId: InstallationId }) },
  responses: { 200: jsonContent(ContentPackUninstallationSchema, "What was removed, skipped or failed."), ...noSuchPack },
});

/** System → Content Packs (Graylog 5.1 `/system/content_packs`, `/system/catalog`). */
export function contentPacksApi() {
  return createApiRouter()
    .openapi(catalogIndex, async (c) => c.json({ entities: await c.get("backend").contentPacks.catalog() }, 200))
    .openapi(catalogResolve, async (c) => {
      const entities = await refusalsAreBadRequests(c.get("backend").contentPacks.resolve(c.req.valid("json").entities));
      return c.json({ entities }, 200);
    })
    .openapi(listAll, async (c) => c.json(await c.get("backend").contentPacks.list(false), 200))
    .openapi(listLatest, async (c) => c.json(await c.get("backend").contentPacks.list(true), 200))
    .openapi(upload, async (c) => c.json(await refusalsAreBadRequests(c.get("backend").contentPacks.save(c.req.valid("json"))), 201))
    .openapi(revisions, async (c) => {
      const { contentPackId } = c.req.valid("param");
      const packs = await c.get("backend").contentPacks.revisions(contentPackId);
      if (packs.length === 0) throw noSuchPackError(contentPackId);
      return c.json({
        content_pack_revisions: Object.fromEntries(packs.map((pack) => [String(pack.rev), pack])),
        constraints_result: Object.fromEntries(packs.map((pack) => [String(pack.rev), []])),
      }, 200);
    })
    .openapi(revision, async (c) => {
      const { contentPackId, revision } = c.req.valid("param");
      const pack = await packRevision(c.get("backend").contentPacks, contentPackId, revision);
      return c.json({ content_pack: pack, constraints_result: [] }, 200);
    })
    .openapi(download, async (c) => {
      const { contentPackId, revision } = c.req.valid("param");
      const pack = await packRevision(c.get("backend").contentPacks, contentPackId, revision);
      c.header("Content-Disposition", `attachment; filename="content-pack-${pack.id}-${pack.rev}.json"`);
      return c.json(pack, 200);
    })
    .openapi(deletePack, async (c) => {
      const { contentPackId } = c.req.valid("param");
      if ((await c.get("backend").contentPacks.delete(contentPackId, null)) === 0) throw noSuchPackError(contentPackId);
      return c.body(null, 204);
    })
    .openapi(deleteRevision, async (c) => {
      const { contentPackId, revision } = c.req.valid("param");
      if ((await c.get("backend").contentPacks.delete(contentPackId, Number(revision))) === 0) throw noSuchPackError(contentPackId, revision);
      return c.body(null, 204);
    })
    .openapi(install, async (c) => {
      const { contentPackId, revision } = c.req.valid("param");
      const installed = await refusalsAreBadRequests(
        c.get("backend").contentPacks.install(contentPackId, Number(revision), c.req.valid("json"), c.get("user")!.username),
      );
      if (!installed) throw noSuchPackError(contentPackId, revision);
      return c.json(installed, 200);
    })
    .openapi(installations, async (c) => {
      const list = await c.get("backend").contentPacks.installations(c.req.valid("param").contentPackId);
      return c.json({ total: list.length, installations: list }, 200);
    })
    .openapi(uninstallDetails, async (c) => {
      const { contentPackId, installationId } = c.req.valid("param");
      const entities = await c.get("backend").contentPacks.uninstallDetails(contentPackId, installationId);
      if (!entities) throw noSuchInstallation(installationId);
      return c.json({ entities }, 200);
    })
    .openapi(uninstall, async (c) => {
      const { contentPackId, installationId } = c.req.valid("param");
      const result = await c.get("backend").contentPacks.uninstall(contentPackId, installationId);
      if (!result) throw noSuchInstallation(installationId);
      return c.json(result, 200);
    });
}

async function packRevision(store: { revisions(id: string): Promise<z.infer<typeof ContentPackSchema>[]> }, id: string, revision: string) {
  const pack = (await store.revisions(id)).find((candidate) => candidate.rev === Number(revision));
  if (!pack) throw noSuchPackError(id, revision);
  return pack;
}

function noSuchPackError(id: string, revision?: string): ApiError {
  return notFound(revision ? `Content pack <${id}> with revision <${revision}> not found!` : `Content pack <${id}> not found!`);
}

function noSuchInstallation(id: string): ApiError {
  return notFound(`Couldn't find installation <${id}>`);
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
