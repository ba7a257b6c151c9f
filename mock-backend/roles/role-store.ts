import { type EntityPage, EntityValidationError, type PageRequest } from "../../api/schemas/paginated.ts";
import type { Role, RoleBody, RoleMember, RoleSortField, RoleStore } from "../../api/schemas/roles.ts";
import type { Database } from "../database.ts";
import { type EntityListDefinition, listPage } from "../entity-list/paginated-entity-store.ts";
import { objectId } from "../object-id.ts";

/** Roles were first kept by name only; the id Graylog's `/authz/roles` calls use is added (and filled in by `giveRolesIds`). */
export const ROLE_STATEMENTS = [
  `ALTER TABLE roles ADD COLUMN IF NOT EXISTS id VARCHAR`,
];

const COLUMNS = "id, name, description, permissions, read_only";

const ROLE_LIST: EntityListDefinition<RoleSortField> = {
  from: "roles",
  columns: COLUMNS,
  searchFields: { name: "name", description: "description" },
  defaultSearchFields: ["name", "description"],
  sortColumns: { name: "lower(name)", description: "lower(description)" },
  tieBreaker: "id",
};

/** Gives every role without an id one (roles seeded before ids existed). */
export async function giveRolesIds(db: Database): Promise<void> {
  for (const { name } of await db.all<{ name: string }>("SELECT name FROM roles WHERE id IS NULL")) {
    await db.run("UPDATE roles SET id = ? WHERE name = ?", [objectId(), name]);
  }
}

/** Roles on DuckDB; users hold roles by name, so a rename is carried to every member. */
export class EmbeddedRoleStore implements RoleStore {
  constructor(private readonly db: Database) {}

  async list(): Promise<Role[]> {
    return await this.db.all<Role>(`SELECT ${COLUMNS} FROM roles ORDER BY lower(name)`);
  }

  async page(request: PageRequest<RoleSortField>): Promise<EntityPage<Role>> {
    return await listPage<Role, RoleSortField>(this.db, ROLE_LIST, request);
  }

  async get(id: string): Promise<Role | null> {
    return await this.db.first<Role>(`SELECT ${COLUMNS} FROM roles WHERE id = ?`, [id]);
  }

  async getByName(name: string): Promise<Role | null> {
    return await this.db.first<Role>(`SELECT ${COLUMNS} FROM roles WHERE lower(name) = lower(?)`, [name]);
  }

  async create(body: RoleBody): Promise<Role> {
    if (await this.getByName(body.name)) throw new EntityValidationError(`A role named ${body.name} already exists.`);
    const role: Role = { id: objectId(), name: body.name, description: body.description, permissions: [...new Set(body.permissions)], read_only: false };
    await this.db.run(`INSERT INTO roles (${COLUMNS}) VALUES (?, ?, ?, ?::VARCHAR[], false)`, [role.id, role.name, role.description, JSON.stringify(role.permissions)]);
    return role;
  }

  async update(id: string, body: RoleBody): Promise<Role | null> {
    const current = await this.get(id);
    if (!current) return null;
    if (current.read_only) throw new EntityValidationError(`The built-in role ${current.name} cannot be changed.`);
    const sameName = await this.getByName(body.name);
    if (sameName && sameName.id !== id) throw new EntityValidationError(`A role named ${body.name} already exists.`);
    const permissions = [...new Set(body.permissions)];
    await this.db.transaction(async (connection) => {
      await connection.run("UPDATE roles SET name = ?, description = ?, permissions = ?::VARCHAR[] WHERE id = ?", [body.name, body.description, JSON.stringify(permissions), id]);
      if (body.name !== current.name) {
        await connection.run("UPDATE users SET roles = list_transform(roles, r -> CASE WHEN r = ? THEN ? ELSE r END)", [current.name, body.name]);
      }
    });
    return { ...current, name: body.name, description: body.description, permissions };
  }

  async delete(id: string): Promise<boolean> {
    const role = await this.get(id);
    if (!role) return false;
    if (role.read_only) throw new EntityValidationError(`The built-in role ${role.name} cannot be deleted.`);
    const members = await this.members(role.name);
    if (members.length > 0) {
      throw new EntityValidationError(`The role ${role.name} is in use by ${members.length === 1 ? "1 user" : `${members.length} users`} and cannot be deleted: ${members.map((m) => m.username).join(", ")}.`);
    }
    await this.db.run("DELETE FROM roles WHERE id = ?", [id]);
    return true;
  }

  async members(name: string): Promise<RoleMember[]> {
    return await this.db.all<RoleMember>("SELECT id, username, full_name FROM users WHERE list_contains(roles, ?) ORDER BY lower(username)", [name]);
  }

  async assign(name: string, username: string, member: boolean): Promise<boolean> {
    const user = await this.db.first<{ roles: string[] }>("SELECT roles FROM users WHERE username = ?", [username]);
    if (!user) return false;
    const roles = member ? [...new Set([...user.roles, name])] : user.roles.filter((role) => role !== name);
    await this.db.run("UPDATE users SET roles = ?::VARCHAR[] WHERE username = ?", [JSON.stringify(roles), username]);
    return true;
  }
}
