import { createHash, randomBytes } from "node:crypto";
import type { AccessToken, AccessTokenStore, AccessTokenSummary } from "../api/schemas/access-tokens.ts";
import type { Database } from "./database.ts";
import { objectId } from "./object-id.ts";

export const ACCESS_TOKEN_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS access_tokens (
     id VARCHAR PRIMARY KEY, username VARCHAR NOT NULL, name VARCHAR NOT NULL, token_hash VARCHAR UNIQUE NOT NULL,
     created_at TIMESTAMP NOT NULL, last_access TIMESTAMP)`,
];

/** A token's last access is written at most this often: a script calling in a loop needs no write per call. */
const LAST_ACCESS_THROTTLE_MS = 5000;

/** A token never used reads as the epoch, as Graylog writes it. */
const NEVER = new Date(0).toISOString();

interface TokenRow extends Record<string, unknown> {
  id: string;
  name: string;
  last_access: Date | null;
}

/**
 * Access tokens on DuckDB. Only the SHA-256 of a secret is stored: 192 random bits need no slow hash, and a
 * stolen database lists no usable token. The secret is shown once, when it is created.
 */
export class EmbeddedAccessTokenStore implements AccessTokenStore {
  constructor(private readonly db: Database) {}

  async list(username: string): Promise<AccessTokenSummary[]> {
    const rows = await this.db.all<TokenRow>("SELECT id, name, last_access FROM access_tokens WHERE username = ? ORDER BY created_at, id", [username]);
    return rows.map(toSummary);
  }

  async create(username: string, name: string): Promise<AccessToken> {
    const token = randomBytes(24).toString("hex");
    const id = objectId();
    await this.db.run(
      "INSERT INTO access_tokens VALUES (?, ?, ?, ?, make_timestamp(?::BIGINT * 1000), NULL)",
      [id, username, name, hashOf(token), Date.now()],
    );
    return { id, name, token, last_access: NEVER };
  }

  async delete(username: string, tokenId: string): Promise<boolean> {
    return (await this.db.write("DELETE FROM access_tokens WHERE username = ? AND id = ? RETURNING id", [username, tokenId])).length > 0;
  }

  async authenticate(token: string): Promise<string | null> {
    const row = await this.db.first<{ id: string; username: string; last_access: Date | null }>(
      `SELECT t.id, t.username, t.last_access FROM access_tokens t JOIN users u USING (username)
       WHERE t.token_hash = ? AND u.account_status = 'enabled'`,
      [hashOf(token)],
    );
    if (!row) return null;
    const now = Date.now();
    if (!row.last_access || now - row.last_access.getTime() > LAST_ACCESS_THROTTLE_MS) {
      await this.db.run("UPDATE access_tokens SET last_access = make_timestamp(?::BIGINT * 1000) WHERE id = ?", [now, row.id]);
    }
    return row.username;
  }
}

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function toSummary(row: TokenRow): AccessTokenSummary {
  return { id: row.id, name: row.name, last_access: row.last_access?.toISOString() ?? NEVER };
}
