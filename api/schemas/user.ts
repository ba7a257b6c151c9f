import { z } from "@hono/zod-openapi";
import { paginatedListSchema } from "./paginated.ts";
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
    service_account: z.boolean(),
    auth_service_enabled: z.boolean(),
  })
  .openapi("User");

export const PreferencesBodySchema = z
  .object({ preferences: PreferencesSchema })
  .strict()
  .openapi("PreferencesBody");

/** A time zone the server knows (IANA name); "" or null means the server's default. */
const TimezoneSchema = z.string().max(100).refine((zone) => zone === "" || isKnownTimezone(zone), "timezone must be a known time zone, e.g. Europe/Berlin");
const NameSchema = (field: string) => z.string().max(200, `${field} must be at most 200 characters`);
const RoleNamesSchema = z.array(z.string().min(1).max(200)).max(100, "roles: at most 100 roles");
const PermissionsSchema = z.array(z.string().min(1, "permissions must not be empty").max(500)).max(1000, "permissions: at most 1000");
/** Graylog's session timeouts: at least a minute, at most a year. */
const SessionTimeoutSchema = z.number({ message: "session_timeout_ms must be a number of milliseconds" }).int()
  .min(60_000, "session_timeout_ms must be at least 60000 (one minute)").max(365 * 24 * 3600_000, "session_timeout_ms must be at most a year");
export const PASSWORD_MIN_LENGTH = 6;
const PasswordSchema = z.string({ message: "password is required" }).min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1024, "password must be at most 1024 characters");

/** PUT /users/{username} (Graylog's ChangeUserRequest): only the fields sent change. */
export const UserUpdateSchema = z
  .object({
    startpage: StartpageSchema.nullable().optional(),
    full_name: NameSchema("full_name").min(1, "full_name must not be empty").optional(),
    first_name: NameSchema("first_name").nullable().optional(),
    last_name: NameSchema("last_name").nullable().optional(),
    email: z.string().email("email must be a valid e-mail address").optional(),
    timezone: TimezoneSchema.nullable().optional(),
    session_timeout_ms: SessionTimeoutSchema.optional(),
    roles: RoleNamesSchema.optional(),
    permissions: PermissionsSchema.optional(),
    service_account: z.boolean().optional(),
  })
  .strict()
  .openapi("UserUpdate");

/** POST /users (Graylog's CreateUserRequest). */
export const UserCreateSchema = z
  .object({
    username: z.string({ message: "username is required" }).min(1, "username must not be empty").max(100, "username must be at most 100 characters")
      .regex(/^[^\s:/]+$/, "username must not contain spaces, colons or slashes"),
    password: PasswordSchema,
    email: z.string({ message: "email is required" }).email("email must be a valid e-mail address"),
    first_name: NameSchema("first_name").nullable().optional(),
    last_name: NameSchema("last_name").nullable().optional(),
    full_name: NameSchema("full_name").nullable().optional(),
    permissions: PermissionsSchema.default([]),
    timezone: TimezoneSchema.nullable().optional(),
    startpage: StartpageSchema.nullable().optional(),
    session_timeout_ms: SessionTimeoutSchema.optional(),
    roles: RoleNamesSchema.default([]),
    service_account: z.boolean().default(false),
  })
  .strict()
  .openapi("UserCreate");

/** PUT /users/{username}/password: the old password is needed when changing one's own. */
export const PasswordChangeSchema = z
  .object({ old_password: z.string().max(1024).nullable().optional(), password: PasswordSchema })
  .strict()
  .openapi("ChangePasswordRequest");

/** PUT /users/{username}/permissions. */
export const PermissionEditSchema = z.object({ permissions: PermissionsSchema }).strict().openapi("PermissionEditRequest");

export const USER_STATUSES = ["enabled", "disabled"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** GET /users: every user, permissions and session details on request. */
export const UserListSchema = z.object({ users: z.array(UserSchema) }).openapi("UserList");

/** A row of the paginated user list (Graylog's UserOverviewDTO). */
export const UserOverviewSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    full_name: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
    external_user: z.boolean(),
    roles: z.array(z.string()),
    read_only: z.boolean(),
    session_active: z.boolean(),
    last_activity: z.string().nullable(),
    client_address: z.string().nullable(),
    account_status: z.enum(["enabled", "disabled", "deleted"]),
    service_account: z.boolean(),
    auth_service_enabled: z.boolean(),
  })
  .openapi("UserOverview");

export const USER_SORT_FIELDS = ["full_name", "username", "email", "last_activity"] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const UserPageSchema = paginatedListSchema("users", UserOverviewSchema).openapi("UserPage");

function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type User = z.infer<typeof UserSchema>;
export type Startpage = z.infer<typeof StartpageSchema>;
export type UserUpdate = z.infer<typeof UserUpdateSchema>;
export type UserCreate = z.infer<typeof UserCreateSchema>;
export type UserOverview = z.infer<typeof UserOverviewSchema>;
