import { type EntityPage, EntityValidationError, type PageRequest } from "../../api/schemas/paginated.ts";
import type { Team, TeamBody, TeamSortField, TeamStore } from "../../api/schemas/teams.ts";
import { createGrn } from "../../shared/grn.ts";
import type { Database } from "../database.ts";
import { type EntityListDefinition, listPage } from "../entity-list/paginated-entity-store.ts";
import { objectId } from "../object-id.ts";

export const TEAM_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS teams (
     id VARCHAR PRIMARY KEY, name VARCHAR NOT NULL, description VARCHAR NOT NULL,
     users VARCHAR[] NOT NULL, roles VARCHAR[] NOT NULL)`,
];

const COLUMNS = "id, name, description, users, roles";

/** Members that no longer exist (deleted users) are not reported. */
const LIVE_TEAMS = `(SELECT t.id, t.name, t.description,
   list_filter(t.users, u -> list_contains(known.user_ids, u)) AS users,
   list_filter(t.roles, r -> list_contains(known.role_ids, r)) AS roles
   FROM teams t, (SELECT (SELECT coalesce(list(id), []) FROM users WHERE account_status <> 'deleted') AS user_ids,
                         (SELECT coalesce(list(id), []) FROM roles) AS role_ids) known) AS live_teams`;

const TEAM_LIST: EntityListDefinition<TeamSortField> = {
  from: LIVE_TEAMS,
  columns: COLUMNS,
  searchFields: { name: "name", description: "description" },
  defaultSearchFields: ["name", "description"],
  sortColumns: { name: "lower(name)", description: "lower(description)" },
  tieBreaker: "id",
};

/** Teams on DuckDB: members and roles by id. */
export class EmbeddedTeamStore implements TeamStore {
  constructor(private readonly db: Database) {}

  async page(request: PageRequest<TeamSortField>): Promise<EntityPage<Team>> {
    return await listPage<Team, TeamSortField>(this.db, TEAM_LIST, request);
  }

  async get(id: string): Promise<Team | null> {
    return await this.db.first<Team>(`SELECT ${COLUMNS} FROM ${LIVE_TEAMS} WHERE id = ?`, [id]);
  }

  async ofUser(userId: string): Promise<Team[]> {
    return await this.db.all<Team>(`SELECT ${COLUMNS} FROM ${LIVE_TEAMS} WHERE list_contains(users, ?) ORDER BY lower(name)`, [userId]);
  }

  async create(body: TeamBody): Promise<Team> {
    await this.assertValid(body, null);
    const team: Team = { id: objectId(), name: body.name, description: body.description, users: unique(body.users), roles: unique(body.roles) };
    await this.db.run(`INSERT INTO teams (${COLUMNS}) VALUES (?, ?, ?, ?::VARCHAR[], ?::VARCHAR[])`, [
      team.id,
      team.name,
      team.description,
      JSON.stringify(team.users),
      JSON.stringify(team.roles),
    ]);
    return team;
  }

  async update(id: string, body: TeamBody): Promise<Team | null> {
    if (!(await this.get(id))) return null;
    await this.assertValid(body, id);
    await this.db.run("UPDATE teams SET name = ?, description = ?, users = ?::VARCHAR[], roles = ?::VARCHAR[] WHERE id = ?", [
      body.name,
      body.description,
      JSON.stringify(unique(body.users)),
      JSON.stringify(unique(body.roles)),
      id,
    ]);
    return await this.get(id);
  }

  async delete(id: string): Promise<boolean> {
    if (!(await this.get(id))) return false;
    await this.db.transaction(async (connection) => {
      await connection.run("DELETE FROM grants WHERE grantee = ?", [createGrn("team", id)]);
      await connection.run("DELETE FROM teams WHERE id = ?", [id]);
    });
    return true;
  }

  async setMembers(id: string, userIds: readonly string[], member: boolean): Promise<Team | null> {
    const team = await this.get(id);
    if (!team) return null;
    if (member) await this.assertUsersExist(userIds);
    const users = member ? unique([...team.users, ...userIds]) : team.users.filter((user) => !userIds.includes(user));
    await this.db.run("UPDATE teams SET users = ?::VARCHAR[] WHERE id = ?", [JSON.stringify(users), id]);
    return { ...team, users };
  }

  private async assertValid(body: TeamBody, id: string | null): Promise<void> {
    const sameName = await this.db.first<{ id: string }>("SELECT id FROM teams WHERE lower(name) = lower(?)", [body.name]);
    if (sameName && sameName.id !== id) throw new EntityValidationError(`A team named ${body.name} already exists.`);
    await this.assertUsersExist(body.users);
    const roles = new Set((await this.db.all<{ id: string }>("SELECT id FROM roles WHERE list_contains(?::VARCHAR[], id)", [JSON.stringify(body.roles)])).map((r) => r.id));
    const unknownRoles = body.roles.filter((role) => !roles.has(role));
    if (unknownRoles.length > 0) throw new EntityValidationError(`roles: unknown role ids ${unknownRoles.join(", ")}`);
  }

  private async assertUsersExist(userIds: readonly string[]): Promise<void> {
    const known = new Set(
      (await this.db.all<{ id: string }>("SELECT id FROM users WHERE account_status <> 'deleted' AND list_contains(?::VARCHAR[], id)", [JSON.stringify(userIds)])).map((u) => u.id),
    );
    const unknown = userIds.filter((user) => !known.has(user));
    if (unknown.length > 0) throw new EntityValidationError(`users: unknown user ids ${unknown.join(", ")}`);
  }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
