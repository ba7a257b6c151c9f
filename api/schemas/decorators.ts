import { z } from "@hono/zod-openapi";
import { MAX_CONFIG_KEY_LENGTH, MAX_CONFIG_LIST_ITEMS } from "./configuration-bounds.ts";

/**
 * Wire shapes of search decorators (spec 001 §3 'Decorator', §7 `/search/decorators`): a decorator changes the
 * messages of search results on the fly (adds, changes or removes fields) without touching stored messages.
 */

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** Field kinds of a requested configuration (spec 002 §3 'Configuration field definition'). */
export const CONFIGURATION_FIELD_TYPES = [
  "text",
  "number",
  "boolean",
  "dropdown",
  "list",
  "inline_binary",
] as const;

/** One field of a pluggable type's requested configuration (spec 002 §3). */
export const ConfigurationFieldSchema = z
  .object({
    type: z.enum(CONFIGURATION_FIELD_TYPES),
    human_name: z.string(),
    description: z.string(),
    is_optional: z.boolean(),
    is_encrypted: z.boolean(),
    default_value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
    position: z.number().int(),
    attributes: z.array(z.string()),
    additional_info: z.object({ values: z.record(z.string(), z.string()).optional() }),
  })
  .openapi("ConfigurationField");

export type ConfigurationFieldDefinition = z.infer<typeof ConfigurationFieldSchema>;

/**
 * A configuration map: field name → value (decorator configurations hold no secrets). Each value is checked
 * against its type's requested configuration (api/routes/decorators.ts), text and lists within
 * configuration-bounds.ts.
 */
export const DecoratorConfigSchema = z
  .record(z.string().max(MAX_CONFIG_KEY_LENGTH), z.unknown())
  .refine((config) => Object.keys(config).length <= MAX_CONFIG_LIST_ITEMS, `config holds at most ${MAX_CONFIG_LIST_ITEMS} settings`);

/** A stored decorator: `stream` null means the default search (no single stream searched). */
export const DecoratorSchema = z
  .object({
    id: z.string(),
    stream: z.string().nullable(),
    type: z.string(),
    config: DecoratorConfigSchema,
    order: z.number().int(),
  })
  .openapi("Decorator");

export type Decorator = z.infer<typeof DecoratorSchema>;

/** POST and PUT body; an `id` in the body is ignored (the path names the decorator). */
export const DecoratorBodySchema = z
  .object({
    id: z.string().nullish(),
    type: z.string().min(1, "type must name a decorator type").max(300),
    config: DecoratorConfigSchema.default({}),
    stream: z.string().regex(OBJECT_ID, "stream must be a 24-character hex stream id or null").nullable()
      .default(null),
    order: z.number().int("order must be a whole number").min(0, "order must not be negative").max(1_000_000)
      .default(0),
  })
  .strict()
  .openapi("DecoratorBody");

export type DecoratorBody = z.infer<typeof DecoratorBodySchema>;

export const DecoratorListSchema = z.array(DecoratorSchema).openapi("DecoratorList");

/** A decorator type as the administration offers it: names, description and the configuration it asks for. */
export const DecoratorTypeInfoSchema = z
  .object({
    type: z.string(),
    name: z.string(),
    human_name: z.string(),
    description: z.string(),
    requested_configuration: z.record(z.string(), ConfigurationFieldSchema),
    link_to_docs: z.string(),
  })
  .openapi("DecoratorTypeInfo");

export type DecoratorTypeInfo = z.infer<typeof DecoratorTypeInfoSchema>;

/** GET /search/decorators/available: type id → type info. */
export const AvailableDecoratorsSchema = z.record(z.string(), DecoratorTypeInfoSchema).openapi(
  "AvailableDecorators",
);

export type AvailableDecorators = z.infer<typeof AvailableDecoratorsSchema>;

/** The value the link-field decorator puts in place of a URL: rendered as a link, never as HTML. */
export const DecoratedLinkSchema = z.object({ type: z.literal("a"), href: z.string() });

export type DecoratedLink = z.infer<typeof DecoratedLinkSchema>;

/** A message's decoration_stats: added fields with their new values, changed and removed ones with the old. */
export interface DecorationStats {
  added_fields: Record<string, unknown>;
  changed_fields: Record<string, unknown>;
  removed_fields: Record<string, unknown>;
}
