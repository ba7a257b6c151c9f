import type { UserStore } from "../api/schemas/backend.ts";
import { type EntityPage, EntityValidationError, type PageRequest } from "../api/schemas/paginated.ts";
import type { Startpage, User, UserCreate, UserOverview, UserSortField, UserStatus, UserUpdate } from "../api/schemas/user.ts";
import { BUILT_IN_ADMIN_USERNAME, selfPermissions } from "../shared/built-in-users.ts";
import { isPermitted } from "../shared/permissions.ts";
import { grantPermissions } from "../shared/grant-permissions.ts";
import { createGrn, parseGrn } from "../shared/grn.ts";
import { type Capability, EVERYONE_GRN } from "../shared/share-kinds.ts";
import { convertPreferences, type Preferences } from "../shared/preferences.ts";
import type { Database } from "./database.ts";
import { type EntityListDefinition, listPage } from "./entity-list/paginated-entity-store.ts";
import { objectId } from "./object-id.ts";
import { hashPassword } from "./passwords.ts";

/** Added after the first users table: databases from before get them with their defaults. */
export const USER_STATEMENTS = [
  `ALTER TABLE users ADD COLUMN IF NOT EXISTS service_account BOOLEAN DEFAULT false`,
  // The authentication service backend an external user signed in through (null: a local user).
  `ALTER TABLE users ADD COLUMN IF NOT EXISTS auth_service_id VARCHAR`,
];

/** Graylog's default session timeout for new users: eight hours. */
const DEFAULT_SESSION_TIMEOUT_MS = 8 * 3600_000;

interface UserRow extends Record<string, unknown> {
  id: string;
  username: string;
  full_name: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  roles: string[];
  permissions: string[];
  read_only: boolean;
  timezone: string | null;
  session_timeout_ms: bigint;
  preferences: string;
  startpage: string | null;
  account_status: User["account_status"];
  service_account: boolean | null;
  auth_service_id: string | null;
}

interface Activity extends Record<string, unknown> {
  last_activity: Date | null;
  client_address: string | null;
  session_active: boolean | null;
}

/** A user's latest session: when it was last used, from where, and whether one is still valid. */
const ACTIVITY = `SELECT username, max(last_access) AS last_activity, arg_max(host, last_access) AS client_address,
  bool_or(epoch_ms(last_access) + timeout_ms > epoch_ms(current_timestamp)) AS session_active
  FROM sessions GROUP BY username`;

const OVERVIEW_COLUMNS = `id, username, full_name, first_name, last_name, email, roles, read_only, account_status,
  service_account, auth_service_id, last_activity, client_address, session_active`;

const USER_LIST: EntityListDefinition<UserSortField> = {
  from: `(SELECT u.*, a.last_activity, a.client_address, a.session_active FROM users u LEFT JOIN (${ACTIVITY}) a USING (username)) AS user_overview`,
  columns: OVERVIEW_COLUMNS,
  searchFields: { username: "username", full_name: "full_name", email: "email" },
  defaultSearchFields: ["username", "full_name", "email"],
  sortColumns: { full_name: "lower(full_name)", username: "lower(username)", email: "lower(email)", last_activity: "last_activity" },
  tieBreaker: "id",
};

/**
 * Users with their roles; a user's permissions are their own, those of their roles and their teams' roles, those the
 * grants to them, their teams or Everyone give (shared entities), and those on their own account.
 */
export class EmbeddedUserStore implements UserStore {
  constructor(private readonly db: Database) {}

  async get(username: string): Promise<User | null> {
    const row = await this.db.first<UserRow>("SELECT * FROM users WHERE username = ?", [username]);
    return row ? await this.complete(row) : null;
  }

  async getById(id: string): Promise<User | null> {
    const row = await this.db.first<UserRow>("SELECT * FROM users WHERE id = ?", [id]);
    return row ? await this.complete(row) : null;
  }

  async list(): Promise<User[]> {
    const rows = await this.db.all<UserRow>("SELECT * FROM users ORDER BY username");
    return await Promise.all(rows.map((row) => this.complete(row)));
  }

  async page(request: PageRequest<UserSortField>): Promise<EntityPage<UserOverview>> {
    const page = await listPage<UserRow & Activity, UserSortField>(this.db, USER_LIST, request);
    return { total: page.total, elements: page.elements.map(toOverview) };
  }

  async create(user: UserCreate): Promise<User> {
    if (await this.db.first("SELECT 1 FROM users WHERE lower(username) = lower(?)", [user.username])) {
      throw new EntityValidationError(`User ${user.username} already exists.`);
    }
    await this.assertRolesExist(user.roles);
    const fullName = user.full_name?.trim() || [user.first_name, user.last_name].filter(Boolean).join(" ").trim() || user.username;
    await this.db.run(
      `INSERT INTO users (id, username, full_name, first_name, last_name, email, password_hash, roles, permissions, read_only,
         timezone, session_timeout_ms, preferences, startpage, account_status, service_account)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?::VARCHAR[], ?::VARCHAR[], false, ?, ?, '{}', ?, 'enabled', ?)`,
      [
        objectId(),
        user.username,
        fullName,
        user.first_name ?? null,
        user.last_name ?? null,
        user.email,
        await hashPassword(user.password),
        JSON.stringify(unique(user.roles)),
        JSON.stringify(unique(user.permissions)),
        user.timezone || null,
        user.session_timeout_ms ?? DEFAULT_SESSION_TIMEOUT_MS,
        user.startpage ? JSON.stringify(user.startpage) : null,
        user.service_account,
      ],
    );
    return (await this.get(user.username))!;
  }

  async update(username: string, update: UserUpdate): Promise<User | null> {
    const current = await this.db.first<UserRow>("SELECT * FROM users WHERE username = ?", [username]);
    if (!current) return null;
    if (update.roles) await this.assertRolesExist(update.roles);
    const first = update.first_name === undefined ? current.first_name : update.first_name;
    const last = update.last_name === undefined ? current.last_name : update.last_name;
    const namesChanged = update.first_name !== undefined || update.last_name !== undefined;
    const fullName = update.full_name ?? (namesChanged ? [first, last].filter(Boolean).join(" ").trim() || current.full_name : current.full_name);
    await this.db.run(
      `UPDATE users SET full_name = ?, first_name = ?, last_name = ?, email = ?, timezone = ?, startpage = ?,
         session_timeout_ms = ?, roles = ?::VARCHAR[], permissions = ?::VARCHAR[], service_account = ? WHERE username = ?`,
      [
        fullName,
        first,
        last,
        update.email ?? current.email,
        update.timezone === undefined ? current.timezone : update.timezone || null,
        update.startpage === undefined ? current.startpage : JSON.stringify(update.startpage),
        update.session_timeout_ms ?? Number(current.session_timeout_ms),
        JSON.stringify(update.roles ? unique(update.roles) : current.roles),
        JSON.stringify(update.permissions ? unique(update.permissions) : current.permissions),
        update.service_account ?? current.service_account ?? false,
        username,
      ],
    );
    return await this.get(username);
  }

  async delete(username: string): Promise<boolean> {
    if (username === BUILT_IN_ADMIN_USERNAME) throw new EntityValidationError("The built-in administrator cannot be deleted.");
    return await this.db.transaction(async (connection) => {
      const deleted = await connection.runAndReadAll("DELETE FROM users WHERE username = ? RETURNING id", [username]);
      await connection.run("DELETE FROM sessions WHERE username = ?", [username]);
      await connection.run("DELETE FROM access_tokens WHERE username = ?", [username]);
      return deleted.getRows().length > 0;
    });
  }

  async setPassword(username: string, password: string): Promise<void> {
    await this.db.run("UPDATE users SET password_hash = ? WHERE username = ?", [await hashPassword(password), username]);
  }

  async setStatus(username: string, status: UserStatus): Promise<void> {
    if (username === BUILT_IN_ADMIN_USERNAME && status !== "enabled") {
      throw new EntityValidationError("The built-in administrator cannot be disabled.");
    }
    await this.db.run("UPDATE users SET account_status = ? WHERE username = ?", [status, username]);
    // Sessions of a disabled user are refused anyway (they are looked up among enabled users); ending them frees them.
    if (status === "disabled") await this.db.run("DELETE FROM sessions WHERE username = ?", [username]);
  }

  async setPermissions(username: string, permissions: readonly string[]): Promise<void> {
    await this.db.run("UPDATE users SET permissions = ?::VARCHAR[] WHERE username = ?", [JSON.stringify(unique(permissions)), username]);
  }

  async savePreferences(username: string, preferences: Preferences): Promise<void> {
    await this.db.run("UPDATE users SET preferences = ? WHERE username = ?", [JSON.stringify(preferences), username]);
  }

  async setStartpage(username: string, startpage: Startpage | null): Promise<void> {
    await this.db.run("UPDATE users SET startpage = ? WHERE username = ?", [JSON.stringify(startpage), username]);
  }

  /**
   * Creates or refreshes a user who signed in through a directory backend: their name and email as the directory
   * says, the backend's default roles added to theirs. Their password stays the directory's (the local one is
   * unusable). Null when a local user (or one of another backend) has the name, or the user is disabled.
   */
  async provisionExternal(
    person: { username: string; fullName: string; email: string },
    backendId: string,
    defaultRoleIds: readonly string[],
  ): Promise<User | null> {
    const current = await this.db.first<UserRow>("SELECT * FROM users WHERE lower(username) = lower(?)", [person.username]);
    if (current && (current.auth_service_id !== backendId || current.account_status !== "enabled")) return null;
    const defaults = (await this.db.all<{ name: string }>("SELECT name FROM roles WHERE list_contains(?::VARCHAR[], id)", [JSON.stringify(defaultRoleIds)]))
      .map((role) => role.name);
    if (current) {
      await this.db.run("UPDATE users SET full_name = ?, email = ?, roles = ?::VARCHAR[] WHERE id = ?", [
        person.fullName,
        person.email,
        JSON.stringify(unique([...current.roles, ...defaults])),
        current.id,
      ]);
      return await this.get(current.username);
    }
    await this.db.run(
      `INSERT INTO users (id, username, full_name, first_name, last_name, email, password_hash, roles, permissions, read_only,
         timezone, session_timeout_ms, preferences, startpage, account_status, service_account, auth_service_id)
       VALUES (?, ?, ?, NULL, NULL, ?, ?, ?::VARCHAR[], '[]'::VARCHAR[], false, NULL, ?, '{}', NULL, 'enabled', false, ?)`,
      [
        objectId(),
        person.username,
        person.fullName,
        person.email,
        await hashPassword(crypto.randomUUID() + crypto.randomUUID()),
        JSON.stringify(unique(defaults)),
        DEFAULT_SESSION_TIMEOUT_MS,
        backendId,
      ],
    );
    return await this.get(person.username);
  }

  private async assertRolesExist(roles: readonly string[]): Promise<void> {
    if (roles.length === 0) return;
    const known = new Set(
      (await this.db.all<{ name: string }>("SELECT name FROM roles WHERE list_contains(?::VARCHAR[], name)", [JSON.stringify(roles)])).map((r) => r.name),
    );
    const unknown = roles.filter((role) => !known.has(role));
    if (unknown.length > 0) throw new EntityValidationError(`Unknown roles: ${unknown.join(", ")}`);
  }

  private async complete(row: UserRow): Promise<User> {
    // Simple statements in parallel: DuckDB plans correlated subqueries an order of magnitude slower.
    const [rolePermissions, activity, grants] = await Promise.all([
      this.db.all<{ permissions: string[] }>(
        `SELECT permissions FROM roles WHERE list_contains(?::VARCHAR[], name)
           OR id IN (SELECT unnest(roles) FROM teams WHERE list_contains(users, ?))`,
        [JSON.stringify(row.roles), row.id],
      ),
      this.db.first<Activity>(`SELECT * FROM (${ACTIVITY}) WHERE username = ?`, [row.username]),
      this.db.all<{ target: string; capability: Capability }>(
        `SELECT target, capability FROM grants WHERE grantee = ? OR grantee = ?
           OR grantee IN (SELECT 'grn::::team:' || id FROM teams WHERE list_contains(users, ?))`,
        [createGrn("user", row.id), EVERYONE_GRN, row.id],
      ),
    ]);
    const granted = grants.flatMap(({ target, capability }) => {
      const grn = parseGrn(target);
      return grn ? grantPermissions(grn.type, grn.id, capability) : [];
    });
    return toUser(row, [...rolePermissions.flatMap((r) => r.permissions), ...granted], activity);
  }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function toUser(row: UserRow, rolePermissions: string[], activity: Activity | null): User {
  const held = [...row.permissions, ...rolePermissions];
  // A user's rights on their own account, unless what they hold already grants them (the admin's `*`).
  const own = row.read_only ? [] : selfPermissions(row.username).filter((permission) => !isPermitted(held, permission));
  const permissions = [...new Set([...held, ...own])].sort();
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    permissions,
    grn_permissions: [],
    preferences: convertPreferences(JSON.parse(row.preferences)),
    timezone: row.timezone,
    session_timeout_ms: Number(row.session_timeout_ms),
    read_only: row.read_only,
    external: row.auth_service_id !== null,
    startpage: row.startpage ? JSON.parse(row.startpage) : null,
    roles: row.roles,
    session_active: activity?.session_active ?? false,
    last_activity: activity?.last_activity?.toISOString() ?? null,
    client_address: activity?.client_address ?? null,
    account_status: row.account_status,
    service_account: row.service_account ?? false,
    auth_service_enabled: row.auth_service_id !== null,
  };
}

function toOverview(row: UserRow & Activity): UserOverview {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    external_user: row.auth_service_id !== null,
    roles: row.roles,
    read_only: row.read_only,
    session_active: row.session_active ?? false,
    last_activity: row.last_activity?.toISOString() ?? null,
    client_address: row.client_address ?? null,
    account_status: row.account_status,
    service_account: row.service_account ?? false,
    auth_service_enabled: row.auth_service_id !== null,
  };
}
