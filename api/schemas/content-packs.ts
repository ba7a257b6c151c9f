import { z } from "@hono/zod-openapi";

/**
 * Content packs (spec 002: System → Content Packs; Graylog 5.1 `/system/content_packs` and `/system/catalog`):
 * Graylog's `ContentPackV1` with `EntityV1` entities whose data values are `ValueReference`s, installations and
 * the catalog of the entities this installation can export.
 */

/** The entity types the catalog offers (Graylog's `ModelTypes` names), in the order an installation creates them. */
export const CONTENT_PACK_ENTITY_TYPES = [
  "grok_pattern",
  "lookup_adapter",
  "lookup_cache",
  "lookup_table",
  "stream",
  "output",
  "input",
  "pipeline_rule",
  "pipeline",
] as const;
export type ContentPackEntityType = (typeof CONTENT_PACK_ENTITY_TYPES)[number];

/** The value types of a `ValueReference` and of a parameter. */
export const VALUE_TYPES = ["string", "integer", "double", "boolean"] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** A leaf of an entity's data: a literal (`@type` its value type) or the name of a parameter (`@type` "parameter"). */
export const ValueReferenceSchema = z
  .object({
    "@type": z.enum([...VALUE_TYPES, "parameter"], { message: "@type must be one of string, integer, double, boolean, parameter" }),
    "@value": z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]),
  })
  .strict()
  .openapi("ValueReference");
export type ValueReference = z.infer<typeof ValueReferenceSchema>;

/** `{name, version}` of an entity's type (Graylog's `ModelType`). */
export const ModelTypeSchema = z
  .object({
    name: z.enum(CONTENT_PACK_ENTITY_TYPES, { message: `type.name must be one of ${CONTENT_PACK_ENTITY_TYPES.join(", ")}` }),
    version: z.string().max(10).default("1"),
  })
  .strict()
  .openapi("ModelType");

const EntityIdSchema = z.string({ message: "id is required" }).min(1, "id must not be empty").max(100, "id must be at most 100 characters");

/** An entity of a pack (Graylog's `EntityV1`): `data` holds ValueReferences at its leaves. */
export const ContentPackEntitySchema = z
  .object({
    v: z.literal("1").default("1"),
    type: ModelTypeSchema,
    id: EntityIdSchema,
    data: z.record(z.string().max(200), z.unknown(), { message: "data must be an object" }),
    constraints: z.array(z.unknown()).max(100).default([]),
  })
  .strict()
  .openapi("ContentPackEntity");
export type ContentPackEntity = z.infer<typeof ContentPackEntitySchema>;

const ParameterNameSchema = z.string({ message: "parameters.name is required" })
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, "parameters.name must start with a letter and hold only letters, digits and _");

/** A parameter the installer fills in (Graylog's `Parameter`). */
export const ContentPackParameterSchema = z
  .object({
    name: ParameterNameSchema,
    title: z.string({ message: "parameters.title is required" }).trim().min(1, "parameters.title must not be empty").max(200),
    description: z.string().max(2000).default(""),
    type: z.enum(VALUE_TYPES, { message: "parameters.type must be one of string, integer, double, boolean" }),
    default_value: ValueReferenceSchema.nullish(),
  })
  .strict()
  .openapi("ContentPackParameter");
export type ContentPackParameter = z.infer<typeof ContentPackParameterSchema>;

const text = (field: string, max: number) =>
  z.string({ message: `${field} is required` }).trim().min(1, `${field} must not be empty`).max(max, `${field} must be at most ${max} characters`);

/** A content pack revision (Graylog's `ContentPackV1`); `id` and `rev` together name it. */
export const ContentPackSchema = z
  .object({
    v: z.literal("1", { message: "v must be \"1\"" }).default("1"),
    id: z.string({ message: "id is required" }).uuid("id must be a UUID"),
    rev: z.number({ message: "rev must be a number" }).int("rev must be an integer").min(1, "rev must be at least 1").max(100_000),
    name: text("name", 200),
    summary: text("summary", 1000),
    description: z.string().max(20_000, "description must be at most 20000 characters").default(""),
    vendor: text("vendor", 200),
    url: z.string().max(2000, "url must be at most 2000 characters").default(""),
    parameters: z.array(ContentPackParameterSchema, { message: "parameters must be a list" }).max(100).default([]),
    entities: z.array(ContentPackEntitySchema, { message: "entities must be a list" }).max(1000, "entities: at most 1000"),
    server_version: z.string().max(50).optional(),
    created_at: z.string().max(50).optional(),
  })
  .strict()
  .openapi("ContentPack");
export type ContentPack = z.infer<typeof ContentPackSchema>;

/** `installation_count` per revision, per pack id (Graylog's `ContentPackMetadata`). */
const MetadataSchema = z.record(z.string(), z.record(z.string(), z.object({ installation_count: z.number().int() })));

/** GET /system/content_packs and /latest (Graylog's `ContentPackList`). */
export const ContentPackListSchema = z
  .object({ total: z.number().int(), content_packs: z.array(ContentPackSchema), content_packs_metadata: MetadataSchema })
  .openapi("ContentPackList");
export type ContentPackList = z.infer<typeof ContentPackListSchema>;

/** GET /system/content_packs/{id} (Graylog's `ContentPackRevisions`). */
export const ContentPackRevisionsSchema = z
  .object({
    content_pack_revisions: z.record(z.string(), ContentPackSchema),
    constraints_result: z.record(z.string(), z.array(z.unknown())),
  })
  .openapi("ContentPackRevisions");

/** GET /system/content_packs/{id}/{rev} (Graylog's `ContentPackResponse`). */
export const ContentPackResponseSchema = z
  .object({ content_pack: ContentPackSchema, constraints_result: z.array(z.unknown()) })
  .openapi("ContentPackResponse");

/** An entity an installation made or found (Graylog's `NativeEntityDescriptor`). */
export const NativeEntityDescriptorSchema = z
  .object({
    id: z.string(),
    content_pack_entity_id: z.string(),
    title: z.string(),
    type: z.object({ name: z.enum(CONTENT_PACK_ENTITY_TYPES), version: z.string() }),
    found_on_system: z.boolean(),
  })
  .openapi("NativeEntityDescriptor");
export type NativeEntityDescriptor = z.infer<typeof NativeEntityDescriptorSchema>;

/** POST …/{rev}/installations (Graylog's `ContentPackInstallationRequest`). */
export const ContentPackInstallationRequestSchema = z
  .object({
    parameters: z.record(ParameterNameSchema, ValueReferenceSchema, { message: "parameters must be an object of value references" })
      .default({}),
    comment: z.string().max(2000, "comment must be at most 2000 characters").default(""),
  })
  .strict()
  .openapi("ContentPackInstallationRequest");
export type ContentPackInstallationRequest = z.infer<typeof ContentPackInstallationRequestSchema>;

/** A recorded installation (Graylog's `ContentPackInstallation`). */
export const ContentPackInstallationSchema = z
  .object({
    _id: z.string(),
    content_pack_id: z.string(),
    content_pack_revision: z.number().int(),
    parameters: z.record(z.string(), ValueReferenceSchema),
    entities: z.array(NativeEntityDescriptorSchema),
    comment: z.string(),
    created_at: z.string(),
    created_by: z.string(),
  })
  .openapi("ContentPackInstallation");
export type ContentPackInstallation = z.infer<typeof ContentPackInstallationSchema>;

export const ContentPackInstallationsSchema = z
  .object({ total: z.number().int(), installations: z.array(ContentPackInstallationSchema) })
  .openapi("ContentPackInstallationsResponse");

/** GET …/installations/{id}/uninstall_details (Graylog's `ContentPackUninstallDetails`): what an uninstall removes. */
export const ContentPackUninstallDetailsSchema = z
  .object({ entities: z.array(NativeEntityDescriptorSchema) })
  .openapi("ContentPackUninstallDetails");

/** DELETE …/installations/{id} (Graylog's `ContentPackUninstallation`). */
export const ContentPackUninstallationSchema = z
  .object({
    entities: z.array(NativeEntityDescriptorSchema),
    failed_entities: z.array(NativeEntityDescriptorSchema),
    skipped_entities: z.array(NativeEntityDescriptorSchema),
  })
  .openapi("ContentPackUninstallation");
export type ContentPackUninstallation = z.infer<typeof ContentPackUninstallationSchema>;

/** One entity of the catalog (Graylog's `EntityExcerpt`). */
export const EntityExcerptSchema = z
  .object({ id: z.string(), type: z.object({ name: z.enum(CONTENT_PACK_ENTITY_TYPES), version: z.string() }), title: z.string() })
  .openapi("EntityExcerpt");
export type EntityExcerpt = z.infer<typeof EntityExcerptSchema>;

/** GET /system/catalog (Graylog's `CatalogIndexResponse`). */
export const CatalogIndexSchema = z.object({ entities: z.array(EntityExcerptSchema) }).openapi("CatalogIndexResponse");

/** An entity named for export (Graylog's `EntityDescriptor`). */
export const EntityDescriptorSchema = z
  .object({ id: EntityIdSchema, type: ModelTypeSchema })
  .strict()
  .openapi("EntityDescriptor");
export type EntityDescriptor = z.infer<typeof EntityDescriptorSchema>;

/** POST /system/catalog (Graylog's `CatalogResolveRequest`). */
export const CatalogResolveRequestSchema = z
  .object({ entities: z.array(EntityDescriptorSchema, { message: "entities must be a list" }).min(1, "entities must name at least one entity").max(1000) })
  .strict()
  .openapi("CatalogResolveRequest");

/** The answer of POST /system/catalog (Graylog's `CatalogResolveResponse`): the entities and their dependencies. */
export const CatalogResolveResponseSchema = z.object({ entities: z.array(ContentPackEntitySchema) }).openapi("CatalogResolveResponse");

/** Content packs, their installations and the catalog; installations create and remove real entities. */
export interface ContentPackStore {
  catalog(): Promise<EntityExcerpt[]>;
  /** The named entities with every entity they depend on, as pack entities; EntityValidationError for an unknown one. */
  resolve(descriptors: readonly EntityDescriptor[]): Promise<ContentPackEntity[]>;
  /** Every revision (`latest`: only each pack's newest), by name. */
  list(latest: boolean): Promise<ContentPackList>;
  /** Every revision of one pack, by revision; empty when there is no such pack. */
  revisions(id: string): Promise<ContentPack[]>;
  /** Refuses (EntityValidationError) a revision that exists. */
  save(pack: ContentPack): Promise<ContentPack>;
  /** The revisions removed (0 when none matched); `rev` null removes every revision and its installations. */
  delete(id: string, rev: number | null): Promise<number>;
  /** Creates the pack's entities (or finds equal ones) and records the installation; null for an unknown revision. */
  install(id: string, rev: number, request: ContentPackInstallationRequest, user: string): Promise<ContentPackInstallation | null>;
  installations(id: string): Promise<ContentPackInstallation[]>;
  /** What uninstalling would remove (entities the installation found on the system stay); null for an unknown installation. */
  uninstallDetails(id: string, installationId: string): Promise<NativeEntityDescriptor[] | null>;
  uninstall(id: string, installationId: string): Promise<ContentPackUninstallation | null>;
}
