import { randomUUID } from "node:crypto";
import type { Session, SessionStore } from "../api/schemas/backend.ts";
import {
  effectiveSessionTimeoutMs,
  USER_CONFIGURATION_CLASS,
  USER_CONFIGURATION_DEFAULTS,
  type UserConfiguration,
} from "../api/schemas/user-configuration.ts";
import type { Database } from "./database.ts";
import { checkPassword } from "./passwords.ts";

interface SessionRow extends Record<string, unknown> {
  id: string;
  username: string;
  user_id: string;
  host: string;
  created_at: Date;
  last_access: Date;
  timeout_ms: bigint;
  user_configuration: string | null;
}

/** The saved users' configuration (global session timeout) beside each session row; defaults when never saved. */
const WITH_USER_CONFIGURATION = `LEFT JOIN cluster_config c ON c.name = '${USER_CONFIGURATION_CLASS}'`;

function userConfiguration(saved: string | null): UserConfiguration {
  return saved ? { ...USER_CONFIGURATION_DEFAULTS, ...JSON.parse(saved) } : USER_CONFIGURATION_DEFAULTS;
}

const EXTEND_THROTTLE_MS = 5000;

/**
 * Sessions in DuckDB; they time out after the user's session timeout of inactivity, or the global session timeout
 * when the users' configuration enables it (a change applies to open sessions at once).
 */
export class EmbeddedSessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly check: typeof checkPassword = checkPassword,
    /** The active authentication service's check, for users the local passwords do not know (none: local only). */
    private readonly directory: ((username: string, password: string) => Promise<boolean>) | null = null,
  ) {}

  async create(username: string, password: string, host: string): Promise<Session | null> {
    if (!(await this.verifyPassword(username, password))) return null;
    return await this.open(username, host);
  }

  async createTrusted(username: string, host: string): Promise<Session | null> {
    return await this.open(username, host);
  }

  private async open(username: string, host: string): Promise<Session | null> {
    const user = await this.db.first<{ id: string; session_timeout_ms: bigint; user_configuration: string | null }>(
      `SELECT id, session_timeout_ms, c.value AS user_configuration FROM users ${WITH_USER_CONFIGURATION}
       WHERE username = ? AND account_status = 'enabled'`,
      [username],
    );
    if (!user) return null;
    const now = new Date();
    const session: Session = {
      id: randomUUID(),
      username,
      userId: user.id,
      host,
      createdAt: now,
      lastAccess: now,
      timeoutMs: effectiveSessionTimeoutMs(userConfiguration(user.user_configuration), Number(user.session_timeout_ms)),
    };
    await this.db.run(
      "INSERT INTO sessions VALUES (?, ?, ?, make_timestamp(?::BIGINT * 1000), make_timestamp(?::BIGINT * 1000), ?)",
      [session.id, username, host, now.getTime(), now.getTime(), session.timeoutMs],
    );
    return session;
  }

  async get(id: string, { extend = true }: { extend?: boolean } = {}): Promise<Session | null> {
    const row = await this.db.first<SessionRow>(
      `SELECT s.*, u.id AS user_id, c.value AS user_configuration FROM sessions s JOIN users u USING (username)
       ${WITH_USER_CONFIGURATION} WHERE s.id = ? AND u.account_status = 'enabled'`,
      [id],
    );
    if (!row) return null;
    const now = Date.now();
    const timeoutMs = effectiveSessionTimeoutMs(userConfiguration(row.user_configuration), Number(row.timeout_ms));
    if (row.last_access.getTime() + timeoutMs < now) {
      await this.delete(id);
      return null;
    }
    // Extending is throttled: most requests of a page arrive within a second and need no write.
    const extended = extend && now - row.last_access.getTime() > EXTEND_THROTTLE_MS;
    if (extended) await this.db.run("UPDATE sessions SET last_access = make_timestamp(?::BIGINT * 1000) WHERE id = ?", [now, id]);
    return {
      id: row.id,
      username: row.username,
      userId: row.user_id,
      host: row.host,
      createdAt: row.created_at,
      lastAccess: extended ? new Date(now) : row.last_access,
      timeoutMs,
    };
  }

  async list(): Promise<Session[]> {
    const rows = await this.db.all<SessionRow>(
      `SELECT s.*, u.id AS user_id, c.value AS user_configuration FROM sessions s JOIN users u USING (username)
       ${WITH_USER_CONFIGURATION} WHERE u.account_status = 'enabled' ORDER BY s.last_access DESC`,
    );
    const now = Date.now();
    return rows
      .map((row) => ({
        id: row.id,
        username: row.username,
        userId: row.user_id,
        host: row.host,
        createdAt: row.created_at,
        lastAccess: row.last_access,
        timeoutMs: effectiveSessionTimeoutMs(userConfiguration(row.user_configuration), Number(row.timeout_ms)),
      }))
      .filter((session) => session.lastAccess.getTime() + session.timeoutMs >= now);
  }

  async delete(id: string): Promise<void> {
    await this.db.run("DELETE FROM sessions WHERE id = ?", [id]);
  }

  async verifyPassword(username: string, password: string): Promise<boolean> {
    const row = await this.db.first<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE username = ? AND account_status = 'enabled'",
      [username],
    );
    if (await this.check(password, row?.password_hash ?? null)) return true;
    return this.directory !== null && await this.directory(username, password);
  }
}
