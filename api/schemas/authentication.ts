import { z } from "@hono/zod-openapi";
import type { EntityPage, PageRequest } from "./paginated.ts";
import { paginatedListSchema } from "./paginated.ts";

/**
 * Authentication services (System → Authentication, Graylog 5.1's `/system/authentication/services…`): directory
 * backends (LDAP, Active Directory) with their server, user search and default roles, the one active backend, the
 * tests that try a backend's server, and the HTTP header authenticator. Wire shapes of Graylog's
 * AuthServiceBackendDTO, its LDAP/AD configs, EncryptedValue and AuthServiceBackendTestResult.
 */

export const BACKEND_TYPES = ["ldap", "active-directory"] as const;
export type BackendType = (typeof BACKEND_TYPES)[number];
export const TRANSPORT_SECURITIES = ["none", "tls", "start_tls"] as const;

export const HostAndPortSchema = z.object({
  host: z.string({ message: "servers: host is required" }).trim().min(1, "servers: host must not be empty").max(255, "servers: host is too long"),
  port: z.number({ message: "servers: port must be a number" }).int("servers: port must be a whole number").min(1, "servers: port must be 1 to 65535")
    .max(65535, "servers: port must be 1 to 65535"),
}).strict().openapi("HostAndPort");

/** What an answer says of a secret: only whether it is set. */
export const EncryptedValueSchema = z.object({ is_set: z.boolean() }).openapi("EncryptedValue");

/** What a request says of a secret: a new value, keep the stored one, or remove it. */
export const EncryptedValueInputSchema = z.union([
  z.object({ set_value: z.string().max(1000, "system_user_password is too long") }).strict(),
  z.object({ keep_value: z.literal(true) }).strict(),
  z.object({ delete_value: z.literal(true) }).strict(),
]).openapi("EncryptedValueInput");
export type EncryptedValueInput = z.infer<typeof EncryptedValueInputSchema>;

const text = (field: string, required: boolean) => {
  const base = z.string({ message: `${field} is required` }).max(1000, `${field} is too long`);
  return required ? base.trim().min(1, `${field} must not be empty`) : base;
};

/**
 * The server and user search settings LDAP and Active Directory share. A stored backend needs its user search; a
 * draft the wizard tests (Graylog deserialises the test request's backend without validating it) may still lack it.
 */
const directoryFields = (stored: boolean) => ({
  servers: z.array(HostAndPortSchema).min(1, "servers: the server list cannot be empty").max(10, "servers: at most 10"),
  transport_security: z.enum(TRANSPORT_SECURITIES, { message: "transport_security must be none, tls or start_tls" }),
  verify_certificates: z.boolean({ message: "verify_certificates must be true or false" }).default(true),
  system_user_dn: text("system_user_dn", false).default(""),
  user_search_base: text("user_search_base", stored),
  user_search_pattern: text("user_search_pattern", stored),
  user_name_attribute: text("user_name_attribute", stored),
  user_full_name_attribute: text("user_full_name_attribute", stored),
});

const ldapOnly = (stored: boolean) => ({
  user_unique_id_attribute: text("user_unique_id_attribute", stored).default("entryUUID"),
  email_attributes: z.array(z.string().min(1).max(200)).max(20).default(["mail", "rfc822Mailbox"]),
});

const configInput = (stored: boolean) =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("ldap"), ...directoryFields(stored), ...ldapOnly(stored), system_user_password: EncryptedValueInputSchema.optional() }).strict(),
    z.object({ type: z.literal("active-directory"), ...directoryFields(stored), system_user_password: EncryptedValueInputSchema.optional() }).strict(),
  ], { message: "config.type must be ldap or active-directory" });

export const BackendConfigInputSchema = configInput(true).openapi("AuthServiceBackendConfigInput");
export type BackendConfigInput = z.infer<typeof BackendConfigInputSchema>;

export const BackendConfigSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ldap"), ...directoryFields(true), ...ldapOnly(true), system_user_password: EncryptedValueSchema }),
  z.object({ type: z.literal("active-directory"), ...directoryFields(true), system_user_password: EncryptedValueSchema }),
]).openapi("AuthServiceBackendConfig");
export type BackendConfig = z.infer<typeof BackendConfigSchema>;

export const AuthServiceBackendSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Role ids a user signing in through this backend gets. */
  default_roles: z.array(z.string()),
  config: BackendConfigSchema,
}).openapi("AuthServiceBackend");
export type AuthServiceBackend = z.infer<typeof AuthServiceBackendSchema>;

const backendBody = (stored: boolean) =>
  z.object({
    id: z.string().optional(),
    title: stored
      ? z.string({ message: "title is required" }).trim().min(1, "title cannot be empty").max(200, "title is too long")
      : z.string({ message: "title is required" }).max(200, "title is too long"),
    description: z.string().max(1000, "description is too long").default(""),
    default_roles: z.array(z.string().min(1).max(100)).max(100).default([]),
    config: stored ? BackendConfigInputSchema : configInput(false).openapi("AuthServiceBackendDraftConfig"),
  }).strict();

export const AuthServiceBackendBodySchema = backendBody(true).openapi("AuthServiceBackendBody");
export type AuthServiceBackendBody = z.infer<typeof AuthServiceBackendBodySchema>;

/** {backend}: one backend, as Graylog answers get, create and update. */
export const BackendAnswerSchema = z.object({ backend: AuthServiceBackendSchema }).openapi("AuthServiceBackendAnswer");

export const BACKEND_SORT_FIELDS = ["title", "description"] as const;
export type BackendSortField = (typeof BACKEND_SORT_FIELDS)[number];
export const BackendPageSchema = paginatedListSchema("backends", AuthServiceBackendSchema)
  .extend({ context: z.object({ active_backend: z.union([AuthServiceBackendSchema, z.null()]) }) })
  .openapi("AuthServiceBackendPage");

/**
 * GET …/backends/{id}/users: a page of the users who signed in through a backend (Graylog's PaginatedResponse of
 * UserOverviewDTO: `roles` are role ids), with each role's title by id in the context.
 */
export const BackendUsersSchema = paginatedListSchema(
  "users",
  z.object({ id: z.string(), username: z.string(), full_name: z.string(), email: z.string(), roles: z.array(z.string()) }),
).extend({ context: z.object({ roles: z.record(z.string(), z.object({ title: z.string() })) }) }).openapi("AuthServiceBackendUsers");

export const ActiveBackendAnswerSchema = z.object({
  backend: AuthServiceBackendSchema,
  context: z.object({ backends_total: z.number().int() }),
}).openapi("ActiveAuthServiceBackend");

/** The active backend's type for the sign-in page, asked before signing in (Graylog's guest call); null when none is active. */
export const ActiveBackendTypeSchema = z.object({ backend: z.enum(["ldap", "active-directory"]).nullable() }).openapi("ActiveAuthServiceBackendType");

export const GlobalAuthConfigSchema = z.object({ active_backend: z.string().nullable() }).openapi("GlobalAuthServiceConfig");
export const GlobalAuthConfigBodySchema = z.object({
  active_backend: z.string().min(1, "active_backend must be a backend id or null").max(100).nullable(),
}).strict().openapi("GlobalAuthServiceConfigBody");
export const GlobalAuthConfigAnswerSchema = z.object({ configuration: GlobalAuthConfigSchema }).openapi("GlobalAuthServiceConfigAnswer");

export const BackendTestRequestSchema = z.object({
  backend_id: z.string().min(1).max(100).nullable().optional(),
  /** The wizard's current settings, possibly not complete yet (a connection test before the user search is filled in). */
  backend_configuration: backendBody(false).openapi("AuthServiceBackendDraft"),
  user_login: z.object({
    username: z.string({ message: "user_login.username is required" }).min(1, "user_login.username must not be empty").max(300),
    password: z.object({ set_value: z.string().max(1000) }).strict(),
  }).strict().optional(),
}).strict().openapi("AuthServiceBackendTestRequest");
export type BackendTestRequest = z.infer<typeof BackendTestRequestSchema>;

export const BackendTestResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  errors: z.array(z.string()),
  result: z.record(z.string(), z.unknown()),
}).openapi("AuthServiceBackendTestResult");
export type BackendTestResult = z.infer<typeof BackendTestResultSchema>;

export const HttpHeaderAuthConfigSchema = z.object({
  enabled: z.boolean({ message: "enabled must be true or false" }),
  username_header: z.string({ message: "username_header is required" }).trim().min(1, "username_header must not be empty").max(200)
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "username_header must be an HTTP header name"),
}).strict().openapi("HTTPHeaderAuthConfig");
export type HttpHeaderAuthConfig = z.infer<typeof HttpHeaderAuthConfigSchema>;
export const HTTP_HEADER_AUTH_DEFAULTS: HttpHeaderAuthConfig = { enabled: false, username_header: "Remote-User" };

export const TEAM_SELECTION_TYPES = ["all", "include", "exclude"] as const;

/**
 * Group synchronisation of a directory backend (Graylog's team sync): the groups a signing-in user is a member of
 * (found under group_search_base with group_search_pattern, matched by member, uniqueMember or memberUid) become
 * teams named by team_name_attribute, created with team_default_roles; team_selection_type and team_selection
 * (group names) say which groups count.
 */
export const GroupSyncConfigSchema = z.object({
  group_search_base: text("group_search_base", true),
  group_search_pattern: text("group_search_pattern", true),
  team_name_attribute: text("team_name_attribute", true).default("cn"),
  team_default_roles: z.array(z.string().min(1).max(100)).max(100).default([]),
  team_selection_type: z.enum(TEAM_SELECTION_TYPES, { message: "team_selection_type must be all, include or exclude" }).default("all"),
  team_selection: z.array(z.string().min(1).max(300)).max(1000).default([]),
}).strict().openapi("GroupSyncConfig");
export type GroupSyncConfig = z.infer<typeof GroupSyncConfigSchema>;

export const GroupSyncBodySchema = z.object({ config: GroupSyncConfigSchema }).strict().openapi("GroupSyncBackendBody");
export const GroupSyncAnswerSchema = z.object({
  backend: z.object({ auth_service_backend_id: z.string(), config: GroupSyncConfigSchema }),
}).openapi("GroupSyncBackendAnswer");

/** The stored secret of a backend, for the tests and the store only (never on the wire). */
export interface StoredBackend {
  backend: AuthServiceBackend;
  systemUserPassword: string | null;
}

/** Authentication services on the backend. */
export interface AuthServiceStore {
  page(request: PageRequest<BackendSortField>): Promise<EntityPage<AuthServiceBackend>>;
  get(id: string): Promise<StoredBackend | null>;
  total(): Promise<number>;
  /** Refuses (EntityValidationError) unknown default roles. */
  create(body: AuthServiceBackendBody): Promise<AuthServiceBackend>;
  /** Null when there is no such backend. */
  update(id: string, body: AuthServiceBackendBody): Promise<AuthServiceBackend | null>;
  /** False when there was no such backend; refuses (EntityValidationError) the active one. */
  delete(id: string): Promise<boolean>;
  activeBackendId(): Promise<string | null>;
  /** Refuses (EntityValidationError) an unknown backend id. */
  setActiveBackend(id: string | null): Promise<void>;
  /** The users who signed in through the backend, by full name, with their role names. */
  backendUsers(backendId: string, query: string): Promise<{ id: string; username: string; full_name: string; email: string; roles: string[] }[]>;
  /** The backend's group synchronisation; null when it has none. */
  groupSync(backendId: string): Promise<GroupSyncConfig | null>;
  /** Refuses (EntityValidationError) an unknown backend or unknown team default roles. */
  saveGroupSync(backendId: string, config: GroupSyncConfig): Promise<void>;
  /** False when the backend had none. */
  deleteGroupSync(backendId: string): Promise<boolean>;
  httpHeaderAuth(): Promise<HttpHeaderAuthConfig>;
  saveHttpHeaderAuth(config: HttpHeaderAuthConfig): Promise<void>;
}

/** A user as the directory knows them, with the names of their groups (those group synchronisation selects). */
export interface DirectoryUser {
  dn: string;
  uniqueId: string;
  username: string;
  fullName: string;
  email: string;
  groups: string[];
}

/** Tries a backend's directory server over the network. */
export interface DirectoryTester {
  /**
   * Signs a user in against the directory: finds them with the user search, binds as them and, with a group
   * synchronisation, lists their groups. Null when the user is unknown or the password wrong; throws when no server answers.
   */
  signIn(
    config: BackendConfigInput,
    systemUserPassword: string | null,
    username: string,
    password: string,
    groupSync: GroupSyncConfig | null,
  ): Promise<DirectoryUser | null>;
  connection(config: BackendConfigInput, systemUserPassword: string | null): Promise<BackendTestResult>;
  login(config: BackendConfigInput, systemUserPassword: string | null, username: string, password: string): Promise<BackendTestResult>;
}
