import type {
  AuthServiceBackend,
  AuthServiceBackendBody,
  AuthServiceStore,
  BackendConfig,
  BackendSortField,
  GroupSyncConfig,
  HttpHeaderAuthConfig,
  StoredBackend,
} from "../../api/schemas/authentication.ts";
import { HTTP_HEADER_AUTH_DEFAULTS } from "../../api/schemas/authentication.ts";
import { type EntityPage, EntityValidationError, type PageRequest } from "../../api/schemas/paginated.ts";
import type { Database } from "../database.ts";
import { type EntityListDefinition, listPage } from "../entity-list/paginated-entity-store.ts";
import { objectId } from "../object-id.ts";
import { assertSearchPatternIsFilter } from "./search-pattern.ts";
import type { SecretBox } from "./secret-box.ts";

export const AUTH_SERVICE_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS auth_service_backends (
     id VARCHAR PRIMARY KEY, title VARCHAR NOT NULL, description VARCHAR NOT NULL, default_roles VARCHAR[] NOT NULL,
     config VARCHAR NOT NULL, system_user_password VARCHAR)`,
  `CREATE TABLE IF NOT EXISTS auth_service_settings (name VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS auth_group_sync (backend_id VARCHAR PRIMARY KEY, config VARCHAR NOT NULL)`,
];

const ACTIVE_BACKEND = "active_backend";
const HTTP_HEADER_AUTH = "http_header_auth";

type BackendRow = {
  id: string;
  title: string;
  description: string;
  default_roles: string[];
  /** The config without its secret, as JSON. */
  config: string;
  system_user_password: string | null;
};

const COLUMNS = "id, title, description, default_roles, config, system_user_password";

const BACKEND_LIST: EntityListDefinition<BackendSortField> = {
  from: "auth_service_backends",
  columns: COLUMNS,
  searchFields: { title: "title", description: "description" },
  defaultSearchFields: ["title", "description"],
  sortColumns: { title: "lower(title)", description: "lower(description)" },
  tieBreaker: "id",
};

/**
 * Directory backends and the authentication settings on DuckDB. A backend's system user password is stored sealed
 * (SecretBox) and leaves the store only opened for a directory's bind, never on the wire.
 */
export class EmbeddedAuthServiceStore implements AuthServiceStore {
  /** Read on every request (the trusted header): kept in memory, renewed on save. */
  private headerAuth: HttpHeaderAuthConfig | null = null;

  constructor(private readonly db: Database, private readonly secrets: SecretBox) {}

  async page(request: PageRequest<BackendSortField>): Promise<EntityPage<AuthServiceBackend>> {
    const page = await listPage<BackendRow, BackendSortField>(this.db, BACKEND_LIST, request);
    return { ...page, elements: page.elements.map((row) => toBackend(row)) };
  }

  async get(id: string): Promise<StoredBackend | null> {
    const row = await this.db.first<BackendRow>(`SELECT ${COLUMNS} FROM auth_service_backends WHERE id = ?`, [id]);
    return row
      ? { backend: toBackend(row), systemUserPassword: row.system_user_password === null ? null : this.secrets.open(row.system_user_password) }
      : null;
  }

  async total(): Promise<number> {
    const row = await this.db.first<{ n: bigint }>("SELECT count(*) AS n FROM auth_service_backends");
    return Number(row?.n ?? 0);
  }

  async create(body: AuthServiceBackendBody): Promise<AuthServiceBackend> {
    assertSearchPatternIsFilter(body);
    await this.assertRolesExist(body.default_roles);
    const id = objectId();
    await this.write(id, body, secretOf(body, null), "insert");
    return (await this.get(id))!.backend;
  }

  async update(id: string, body: AuthServiceBackendBody): Promise<AuthServiceBackend | null> {
    const current = await this.get(id);
    if (!current) return null;
    assertSearchPatternIsFilter(body);
    await this.assertRolesExist(body.default_roles);
    await this.write(id, body, secretOf(body, current.systemUserPassword), "update");
    return (await this.get(id))!.backend;
  }

  async delete(id: string): Promise<boolean> {
    if (!(await this.get(id))) return false;
    if ((await this.activeBackendId()) === id) throw new EntityValidationError(`Authentication service backend <${id}> is still in use`);
    await this.db.transaction(async (connection) => {
      await connection.run("DELETE FROM auth_group_sync WHERE backend_id = ?", [id]);
      await connection.run("DELETE FROM auth_service_backends WHERE id = ?", [id]);
    });
    return true;
  }

  async activeBackendId(): Promise<string | null> {
    const value = await this.setting<string | null>(ACTIVE_BACKEND);
    return value ?? null;
  }

  async setActiveBackend(id: string | null): Promise<void> {
    if (id !== null && !(await this.get(id))) throw new EntityValidationError(`active_backend: no authentication service backend ${id}`);
    await this.saveSetting(ACTIVE_BACKEND, id);
  }

  async backendUsers(backendId: string, query: string) {
    const needle = `%${query.toLowerCase()}%`;
    return await this.db.all<{ id: string; username: string; full_name: string; email: string; roles: string[] }>(
      `SELECT id, username, full_name, email, roles FROM users WHERE auth_service_id = ?
         AND (lower(username) LIKE ? OR lower(full_name) LIKE ? OR lower(email) LIKE ?) ORDER BY lower(full_name), id`,
      [backendId, needle, needle, needle],
    );
  }

  async groupSync(backendId: string): Promise<GroupSyncConfig | null> {
    const row = await this.db.first<{ config: string }>("SELECT config FROM auth_group_sync WHERE backend_id = ?", [backendId]);
    return row ? JSON.parse(row.config) as GroupSyncConfig : null;
  }

  async saveGroupSync(backendId: string, config: GroupSyncConfig): Promise<void> {
    if (!(await this.get(backendId))) throw new EntityValidationError(`Couldn't find auth service backend ${backendId}`);
    await this.assertRolesExist(config.team_default_roles, "team_default_roles");
    const stored = { ...config, team_default_roles: [...new Set(config.team_default_roles)] };
    await this.db.run(
      "INSERT INTO auth_group_sync VALUES (?, ?) ON CONFLICT (backend_id) DO UPDATE SET config = excluded.config",
      [backendId, JSON.stringify(stored)],
    );
  }

  async deleteGroupSync(backendId: string): Promise<boolean> {
    if (!(await this.groupSync(backendId))) return false;
    await this.db.run("DELETE FROM auth_group_sync WHERE backend_id = ?", [backendId]);
    return true;
  }

  async httpHeaderAuth(): Promise<HttpHeaderAuthConfig> {
    this.headerAuth ??= (await this.setting<HttpHeaderAuthConfig>(HTTP_HEADER_AUTH)) ?? HTTP_HEADER_AUTH_DEFAULTS;
    return this.headerAuth;
  }

  async saveHttpHeaderAuth(config: HttpHeaderAuthConfig): Promise<void> {
    await this.saveSetting(HTTP_HEADER_AUTH, config);
    this.headerAuth = config;
  }

  private async write(id: string, body: AuthServiceBackendBody, secret: string | null, mode: "insert" | "update"): Promise<void> {
    const { system_user_password: _secret, ...config } = body.config;
    const sealed = secret === null ? null : this.secrets.seal(secret);
    const params = [body.title, body.description, JSON.stringify([...new Set(body.default_roles)]), JSON.stringify(config), sealed, id];
    await this.db.run(
      mode === "insert"
        ? "INSERT INTO auth_service_backends (title, description, default_roles, config, system_user_password, id) VALUES (?, ?, ?::VARCHAR[], ?, ?, ?)"
        : "UPDATE auth_service_backends SET title = ?, description = ?, default_roles = ?::VARCHAR[], config = ?, system_user_password = ? WHERE id = ?",
      params,
    );
  }

  private async setting<T>(name: string): Promise<T | undefined> {
    const row = await this.db.first<{ value: string }>("SELECT value FROM auth_service_settings WHERE name = ?", [name]);
    return row ? JSON.parse(row.value) as T : undefined;
  }

  private async saveSetting(name: string, value: unknown): Promise<void> {
    await this.db.run(
      "INSERT INTO auth_service_settings VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      [name, JSON.stringify(value)],
    );
  }

  private async assertRolesExist(roleIds: readonly string[], field = "default_roles"): Promise<void> {
    const known = new Set((await this.db.all<{ id: string }>("SELECT id FROM roles WHERE list_contains(?::VARCHAR[], id)", [JSON.stringify(roleIds)])).map((r) => r.id));
    const unknown = roleIds.filter((role) => !known.has(role));
    if (unknown.length > 0) throw new EntityValidationError(`${field}: unknown role ids ${unknown.join(", ")}`);
  }
}

/** The secret to store: a new one, the stored one kept (the default), or none. */
export function secretOf(body: AuthServiceBackendBody, stored: string | null): string | null {
  const input = body.config.system_user_password;
  if (!input || "keep_value" in input) return stored;
  if ("delete_value" in input) return null;
  return input.set_value === "" ? null : input.set_value;
}

function toBackend(row: BackendRow): AuthServiceBackend {
  const config = { ...JSON.parse(row.config), system_user_password: { is_set: row.system_user_password !== null } } as BackendConfig;
  return { id: row.id, title: row.title, description: row.description, default_roles: [...row.default_roles], config };
}
