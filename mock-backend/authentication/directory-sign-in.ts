import type { AuthServiceStore, DirectoryTester, DirectoryUser } from "../../api/schemas/authentication.ts";
import type { Database } from "../database.ts";
import { objectId } from "../object-id.ts";
import type { EmbeddedUserStore } from "../user-store.ts";
import { plainError } from "./directory-tester.ts";

export const DIRECTORY_SIGN_IN_STATEMENTS = [
  // Which teams group synchronisation made, per backend: only their memberships follow the directory.
  `CREATE TABLE IF NOT EXISTS auth_synced_teams (team_id VARCHAR PRIMARY KEY, backend_id VARCHAR NOT NULL, group_name VARCHAR NOT NULL)`,
];

export interface DirectorySignInOptions {
  db: Database;
  authServices: AuthServiceStore;
  directory: DirectoryTester;
  users: EmbeddedUserStore;
  /** Where a directory that does not answer is reported (never with a password). */
  warn: (line: string) => void;
}

/**
 * Signing in through the active authentication service backend: a user the local store does not know by password
 * is checked against the directory (user search, then a bind as them); on success they become (or stay) an
 * external user with the backend's default roles, and with group synchronisation their directory groups become
 * team memberships (teams made on first sight with the team default roles). Local users never reach the directory.
 */
export class DirectorySignIn {
  constructor(private readonly options: DirectorySignInOptions) {}

  async verify(username: string, password: string): Promise<boolean> {
    const { authServices, directory, users, warn } = this.options;
    const activeId = await authServices.activeBackendId();
    if (!activeId) return false;
    const stored = await authServices.get(activeId);
    if (!stored) return false;
    const local = await users.get(username);
    if (local && !local.external) return false;
    const groupSync = await authServices.groupSync(activeId);
    let person: DirectoryUser | null;
    try {
      // The stored password is passed apart from the config (which shows it only as is_set).
      const config = { ...stored.backend.config, system_user_password: { keep_value: true as const } };
      person = await directory.signIn(config, stored.systemUserPassword, username, password, groupSync);
    } catch (error) {
      warn(`Authentication service <${stored.backend.title}> could not check the sign-in of <${username}>: ${plainError(error)}`);
      return false;
    }
    if (!person) return false;
    const user = await users.provisionExternal({ username, fullName: person.fullName, email: person.email }, activeId, stored.backend.default_roles);
    if (!user) return false;
    if (groupSync) await this.syncTeams(activeId, user.id, person.groups, groupSync.team_default_roles);
    return true;
  }

  /** The user is a member of exactly the synchronised teams of their groups. */
  private async syncTeams(backendId: string, userId: string, groups: readonly string[], teamRoles: readonly string[]): Promise<void> {
    const { db } = this.options;
    const wanted = new Set(groups.map((group) => group.toLowerCase()));
    await db.transaction(async (connection) => {
      const rows = async (sql: string, params: string[]) => (await connection.runAndReadAll(sql, params)).getRowObjectsJson();
      for (const group of groups) {
        const known = await rows(
          `SELECT t.id FROM auth_synced_teams s JOIN teams t ON t.id = s.team_id WHERE s.backend_id = ? AND lower(s.group_name) = lower(?)
           UNION ALL SELECT id FROM teams WHERE lower(name) = lower(?)`,
          [backendId, group, group],
        );
        const teamId = known[0]?.id === undefined ? objectId() : String(known[0].id);
        if (known.length === 0) {
          await connection.run("INSERT INTO teams (id, name, description, users, roles) VALUES (?, ?, ?, []::VARCHAR[], ?::VARCHAR[])", [
            teamId,
            group,
            `Synchronised from the directory group ${group}`,
            JSON.stringify([...teamRoles]),
          ]);
        }
        await connection.run(
          "INSERT INTO auth_synced_teams VALUES (?, ?, ?) ON CONFLICT (team_id) DO UPDATE SET backend_id = excluded.backend_id, group_name = excluded.group_name",
          [teamId, backendId, group],
        );
      }
      // Memberships computed here and written whole (DuckDB's lambdas do not take bound parameters reliably).
      const synced = await rows(
        "SELECT t.id, t.users, s.group_name FROM auth_synced_teams s JOIN teams t ON t.id = s.team_id WHERE s.backend_id = ?",
        [backendId],
      );
      for (const team of synced) {
        const members = (team.users as string[]).filter((member) => member !== userId);
        if (wanted.has(String(team.group_name).toLowerCase())) members.push(userId);
        await connection.run("UPDATE teams SET users = ?::VARCHAR[] WHERE id = ?", [JSON.stringify(members), String(team.id)]);
      }
    });
  }
}
