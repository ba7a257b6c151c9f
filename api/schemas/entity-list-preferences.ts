import { z } from "@hono/zod-openapi";

/** Table layout preferences per entity table id, server form (spec 000 §3, §7.4). */
export const EntityListPreferencesSchema = z
  .object({
    displayed_attributes: z.array(z.string().min(1).max(100)).max(100).optional(),
    sort: z.object({ field: z.string().min(1).max(100), order: z.enum(["asc", "desc"]) }).strict().optional(),
    per_page: z.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .openapi("EntityListPreferences");

export const EntityTableIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,100}$/, "entityTableId must be 1-100 letters, digits, '_', '.' or '-'");

export type EntityListPreferences = z.infer<typeof EntityListPreferencesSchema>;
