import { z } from "@hono/zod-openapi";
import { paginatedListSchema } from "./paginated.ts";
import { CAPABILITIES, type Capability, GRANTEE_TYPES, GRN_PATTERN } from "../../shared/share-kinds.ts";

// Constants live in a zod-free module so the browser can have them without zod.
export * from "../../shared/share-kinds.ts";

/**
 * Entity sharing (spec 002 §3–§5, §7): grants give a grantee (a user, a team or everyone) a capability on an
 * entity named by its GRN. Wire shapes are Graylog 5.1's `EntityShareRequest` / `EntityShareResponse`.
 */

export const CapabilitySchema = z.enum(CAPABILITIES, {
  message: "capability must be one of view, manage, own",
}).openapi("Capability");

const GrnSchema = z.string().max(300).regex(GRN_PATTERN, "must be a GRN (grn::::{type}:{id})");

export const GranteeSchema = z
  .object({ grn: z.string(), type: z.enum(GRANTEE_TYPES), title: z.string() })
  .openapi("Grantee");
export type Grantee = z.infer<typeof GranteeSchema>;

export const ActiveShareSchema = z
  .object({ grant: z.string(), grantee: z.string(), capability: CapabilitySchema })
  .openapi("ActiveShare");
export type ActiveShare = z.infer<typeof ActiveShareSchema>;

/** An entity the shared one needs (for a saved search: the streams it searches) that a grantee cannot read. */
export const MissingDependencySchema = z
  .object({
    grn: z.string(),
    type: z.string(),
    title: z.string(),
    owners: z.array(GranteeSchema),
  })
  .openapi("MissingDependency");
export type MissingDependency = z.infer<typeof MissingDependencySchema>;

export const ShareValidationResultSchema = z
  .object({
    failed: z.boolean(),
    errors: z.record(z.string(), z.array(z.string())),
    error_context: z.record(z.string(), z.array(z.string())),
  })
  .openapi("ShareValidationResult");
export type ShareValidationResult = z.infer<typeof ShareValidationResultSchema>;

/**
 * POST /authz/shares/entities/{grn}/prepare and POST /authz/shares/entities/{grn}. Without
 * `selected_grantee_capabilities` prepare describes the current shares; with it, the proposed ones.
 */
export const EntityShareRequestSchema = z
  .object({
    selected_grantee_capabilities: z
      .record(GrnSchema, CapabilitySchema, {
        message: "selected_grantee_capabilities must map grantee GRNs to capabilities",
      })
      .refine(
        (map) => Object.keys(map).length <= 1000,
        "selected_grantee_capabilities holds at most 1000 grantees",
      )
      .optional(),
  })
  .strict()
  .openapi("EntityShareRequest");
export type EntityShareRequest = z.infer<typeof EntityShareRequestSchema>;

export const EntityShareResponseSchema = z
  .object({
    entity: z.string(),
    sharing_user: z.string(),
    available_grantees: z.array(GranteeSchema),
    available_capabilities: z.array(z.object({ id: CapabilitySchema, title: z.string() })),
    active_shares: z.array(ActiveShareSchema),
    selected_grantee_capabilities: z.record(z.string(), CapabilitySchema),
    missing_permissions_on_dependencies: z.record(z.string(), z.array(MissingDependencySchema)),
    validation_result: ShareValidationResultSchema,
  })
  .openapi("EntityShareResponse");
export type EntityShareResponse = z.infer<typeof EntityShareResponseSchema>;

/** A stored grant (Graylog's `GrantDTO`). */
export interface Grant {
  id: string;
  grantee: string;
  capability: Capability;
  target: string;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
}

/** Grants on DuckDB (embedded) or Graylog's grants (proxy). Who may change them is the API's to check. */
export interface ShareStore {
  /** The grants on one entity, oldest first. */
  grantsOn(target: string): Promise<Grant[]>;
  /** Replaces the grants on `target` by `selected` in one step; unchanged grants keep their id. */
  replaceGrants(target: string, selected: Readonly<Record<string, Capability>>, by: string): Promise<Grant[]>;
  /** Every grant held by any of `grantees`, oldest first. */
  grantsFor(grantees: readonly string[]): Promise<Grant[]>;
  /** The ids of entities of one GRN type on which any of `grantees` holds a grant. */
  grantedIds(grantees: readonly string[], type: string): Promise<string[]>;
  /** Everyone, the teams and the users that can be chosen as grantees, by title. */
  availableGrantees(): Promise<Grantee[]>;
  /** The username behind a user grantee's GRN; null for other grantees or unknown users. */
  usernameOf(grantee: string): Promise<string | null>;
}

/** One entity shared with a user (GET /authz/shares/user/{userId}, Graylog's `EntityDescriptor`). */
export const SharedEntitySchema = z
  .object({ id: z.string(), type: z.string(), title: z.string(), owners: z.array(GranteeSchema) })
  .openapi("SharedEntity");

export const SHARED_ENTITY_SORT_FIELDS = ["title", "type"] as const;

/** A page of the entities shared with a user, with the user's capability on each (`context.user_capabilities`). */
export const PaginatedEntitySharesSchema = paginatedListSchema("entities", SharedEntitySchema)
  .extend({ context: z.object({ user_capabilities: z.record(z.string(), CapabilitySchema) }) })
  .openapi("PaginatedEntityShares");
