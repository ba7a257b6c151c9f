import { z } from "@hono/zod-openapi";
import { MAX_CONFIG_KEY_LENGTH, MAX_CONFIG_LIST_ITEMS, MAX_CONFIG_TEXT_LENGTH } from "./configuration-bounds.ts";

export const PreferenceValueSchema = z.union([z.string().max(MAX_CONFIG_TEXT_LENGTH), z.number(), z.boolean(), z.null()]);

export const PreferencesSchema = z
  .record(z.string().max(MAX_CONFIG_KEY_LENGTH), PreferenceValueSchema)
  .refine((preferences) => Object.keys(preferences).length <= MAX_CONFIG_LIST_ITEMS, `at most ${MAX_CONFIG_LIST_ITEMS} preferences`)
  .openapi("Preferences");

export const StartpageSchema = z
  .object({ type: z.enum(["dashboard", "stream", "search"]), id: z.string().min(1) })
  .strict()
  .openapi("Startpage");

export const UserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    full_name: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
    permissions: z.array(z.string()),
    grn_permissions: z.array(z.string()),
    preferences: PreferencesSchema,
    timezone: z.string().nullable(),
    session_timeout_ms: z.number().int(),
    read_only: z.boolean(),
    external: z.boolean(),
    startpage: StartpageSchema.nullable(),
    roles: z.array(z.string()),
    session_active: z.boolean(),
    last_activity: z.string().nullable(),
    client_address: z.string().nullable(),
    account_status: z.enum(["enabled", "disabled", "deleted"]),
  })
  .openapi("User");

export const PreferencesBodySchema = z
  .object({ preferences: PreferencesSchema })
  .strict()
  .openapi("PreferencesBody");

export const UserUpdateSchema = z
  .object({
    startpage: StartpageSchema.nullable().optional(),
    full_name: z.string().min(1).max(200).optional(),
    email: z.string().email("email must be a valid e-mail address").optional(),
    timezone: z.string().max(100).nullable().optional(),
  })
  .strict()
  .openapi("UserUpdate");

export type User = z.infer<typeof UserSchema>;
export type Startpage = z.infer<typeof StartpageSchema>;
export type UserUpdate = z.infer<typeof UserUpdateSchema>;
