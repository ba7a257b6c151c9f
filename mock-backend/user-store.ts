import type { UserStore } from "../api/schemas/backend.ts";
import type { Startpage, User, UserUpdate } from "../api/schemas/user.ts";
import { convertPreferences, type Preferences } from "../shared/preferences.ts";
import type { Database } from "./database.ts";

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
}

/** Users with their roles; a user's permissions are their own plus those of all their roles. */
export class EmbeddedUserStore implements UserStore {
  constructor(private readonly db: Database) {}

  async get(username: string): Promise<User | null> {
    // Three simple statements in parallel: DuckDB plans correlated subqueries an order of magnitude slower.
    const [row, rolePermissions, activity] = await Promise.all([
      this.db.first<UserRow>("SELECT * FROM users WHERE username = ?", [username]),
      this.db.all<{ permissions: string[] }>(
        "SELECT r.permissions FROM roles r JOIN users u ON list_contains(u.roles, r.name) WHERE u.username = ?",
        [username],
      ),
      this.db.first<{ last_activity: Date | null; client_address: string | null }>(
        "SELECT max(last_access) AS last_activity, arg_max(host, last_access) AS client_address FROM sessions WHERE username = ?",
        [username],
      ),
    ]);
    if (!row) return null;
    return toUser(row, rolePermissions.flatMap((r) => r.permissions), activity);
  }

  async savePreferences(username: string, preferences: Preferences): Promise<void> {
    await this.db.run("UPDATE users SET preferences = ? WHERE username = ?", [JSON.stringify(preferences), username]);
  }

  async update(username: string, update: UserUpdate): Promise<User | null> {
    const current = await this.get(username);
    if (!current) return null;
    await this.db.run(
      "UPDATE users SET full_name = ?, email = ?, timezone = ?, startpage = ? WHERE username = ?",
      [
        update.full_name ?? current.full_name,
        update.email ?? current.email,
        update.timezone === undefined ? current.timezone : update.timezone,
        JSON.stringify(update.startpage === undefined ? current.startpage : update.startpage),
        username,
      ],
    );
    return await this.get(username);
  }

  async setStartpage(username: string, startpage: Startpage | null): Promise<void> {
    await this.db.run("UPDATE users SET startpage = ? WHERE username = ?", [JSON.stringify(startpage), username]);
  }
}

function toUser(
  row: UserRow,
  rolePermissions: string[],
  activity: { last_activity: Date | null; client_address: string | null } | null,
): User {
  const permissions = [...new Set([...row.permissions, ...rolePermissions])].sort();
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
    external: false,
    startpage: row.startpage ? JSON.parse(row.startpage) : null,
    roles: row.roles,
    session_active: (activity?.last_activity ?? null) !== null,
    last_activity: activity?.last_activity?.toISOString() ?? null,
    client_address: activity?.client_address ?? null,
    account_status: row.account_status,
  };
}
