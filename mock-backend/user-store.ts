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
  role_permissions: string[] | null;
  read_only: boolean;
  timezone: string | null;
  session_timeout_ms: bigint;
  preferences: string;
  startpage: string | null;
  account_status: User["account_status"];
  last_activity: Date | null;
  client_address: string | null;
}

/** Users with their roles; a user's permissions are their own plus those of all their roles. */
export class EmbeddedUserStore implements UserStore {
  constructor(private readonly db: Database) {}

  async get(username: string): Promise<User | null> {
    const row = await this.db.first<UserRow>(
      `SELECT u.*,
         (SELECT flatten(list(r.permissions)) FROM roles r WHERE list_contains(u.roles, r.name)) AS role_permissions,
         (SELECT max(last_access) FROM sessions s WHERE s.username = u.username) AS last_activity,
         (SELECT arg_max(host, last_access) FROM sessions s WHERE s.username = u.username) AS client_address
       FROM users u WHERE u.username = ?`,
      [username],
    );
    return row ? toUser(row) : null;
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

function toUser(row: UserRow): User {
  const permissions = [...new Set([...row.permissions, ...(row.role_permissions ?? [])])].sort();
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
    session_active: row.last_activity !== null,
    last_activity: row.last_activity?.toISOString() ?? null,
    client_address: row.client_address,
    account_status: row.account_status,
  };
}
