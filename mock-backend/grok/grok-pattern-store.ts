import type {
  GrokImportStrategy,
  GrokPattern,
  GrokPatternBody,
  GrokPatternStore,
  GrokPatternTestResult,
  GrokSortField,
} from "../../api/schemas/grok.ts";
import { type EntityPage, EntityValidationError, type PageRequest } from "../../api/schemas/paginated.ts";
import { DEFAULT_GROK_PATTERNS } from "../../fixtures/default-grok-patterns.ts";
import { compileGrok, GrokError } from "../../shared/grok/grok-compiler.ts";
import type { Database } from "../database.ts";
import { type EntityListDefinition, listPage } from "../entity-list/paginated-entity-store.ts";
import { objectId } from "../object-id.ts";

export const GROK_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS grok_patterns (
     id VARCHAR PRIMARY KEY, name VARCHAR UNIQUE NOT NULL, pattern VARCHAR NOT NULL, content_pack VARCHAR)`,
  // One row once the default patterns were installed, so that deleting them later does not bring them back.
  `CREATE TABLE IF NOT EXISTS grok_default_patterns_installed (installed_at TIMESTAMP NOT NULL)`,
];

const COLUMNS = "id, name, pattern, content_pack";

const GROK_LIST: EntityListDefinition<GrokSortField> = {
  from: "grok_patterns",
  columns: COLUMNS,
  searchFields: { name: "name", pattern: "pattern" },
  defaultSearchFields: ["name"],
  sortColumns: { name: "lower(name)", id: "id" },
  tieBreaker: "id",
};

/** Graylog's answer when an import would overwrite patterns (it names at most ten). */
const MAX_NAMED_CONFLICTS = 10;

/** Grok patterns on DuckDB; every write is checked by compiling it among the patterns it would live with. */
export class EmbeddedGrokPatternStore implements GrokPatternStore {
  constructor(private readonly db: Database) {}

  async all(): Promise<GrokPattern[]> {
    return await this.db.all<GrokPattern>(`SELECT ${COLUMNS} FROM grok_patterns ORDER BY name`);
  }

  async page(request: PageRequest<GrokSortField>): Promise<EntityPage<GrokPattern>> {
    return await listPage<GrokPattern, GrokSortField>(this.db, GROK_LIST, request);
  }

  async get(id: string): Promise<GrokPattern | null> {
    return await this.db.first<GrokPattern>(`SELECT ${COLUMNS} FROM grok_patterns WHERE id = ?`, [id]);
  }

  async create(body: GrokPatternBody): Promise<GrokPattern> {
    const existing = await this.all();
    assertUniqueName(existing, body.name);
    assertCompiles(dictionaryOf(existing, [body]), [body.name]);
    const created: GrokPattern = { id: objectId(), name: body.name, pattern: body.pattern, content_pack: null };
    await this.db.run("INSERT INTO grok_patterns VALUES (?, ?, ?, NULL)", [created.id, created.name, created.pattern]);
    return created;
  }

  async update(id: string, body: GrokPatternBody): Promise<GrokPattern | null> {
    const existing = await this.all();
    const current = existing.find((pattern) => pattern.id === id);
    if (!current) return null;
    const others = existing.filter((pattern) => pattern.id !== id);
    assertUniqueName(others, body.name);
    // Every pattern is compiled again: a renamed or changed pattern may break those that refer to it.
    const dictionary = dictionaryOf(others, [body]);
    assertCompiles(dictionary, [body.name, ...others.filter((other) => refersTo(other.pattern, current.name)).map((other) => other.name)]);
    await this.db.run("UPDATE grok_patterns SET name = ?, pattern = ? WHERE id = ?", [body.name, body.pattern, id]);
    return { ...current, name: body.name, pattern: body.pattern };
  }

  async delete(id: string): Promise<boolean> {
    return (await this.db.write("DELETE FROM grok_patterns WHERE id = ? RETURNING id", [id])).length > 0;
  }

  async importAll(patterns: readonly GrokPatternBody[], strategy: GrokImportStrategy): Promise<void> {
    const duplicates = repeatedNames(patterns);
    if (duplicates.length > 0) {
      throw new EntityValidationError(`The supplied Grok patterns contain conflicting names: ${duplicates.join(", ")}`);
    }
    const existing = await this.all();
    if (strategy === "ABORT_ON_CONFLICT") {
      const names = new Set(patterns.map((pattern) => pattern.name));
      const conflicts = existing.filter((pattern) => names.has(pattern.name)).map((pattern) => pattern.name);
      if (conflicts.length > 0) throw new EntityValidationError(conflictText(conflicts));
    }
    const kept = strategy === "DROP_ALL_EXISTING" ? [] : existing;
    assertCompiles(dictionaryOf(kept, patterns), patterns.map((pattern) => pattern.name));
    const idsByName = new Map(kept.map((pattern) => [pattern.name, pattern.id]));
    await this.db.transaction(async (connection) => {
      if (strategy === "DROP_ALL_EXISTING") await connection.run("DELETE FROM grok_patterns");
      for (const pattern of patterns) {
        const id = idsByName.get(pattern.name);
        if (id) await connection.run("UPDATE grok_patterns SET pattern = ? WHERE id = ?", [pattern.pattern, id]);
        else await connection.run("INSERT INTO grok_patterns VALUES (?, ?, ?, NULL)", [objectId(), pattern.name, pattern.pattern]);
      }
    });
  }

  async test(pattern: { name: string; pattern: string }, sample: string): Promise<GrokPatternTestResult> {
    const dictionary = dictionaryOf(await this.all(), [pattern]);
    try {
      return compileGrok(`%{${pattern.name}}`, dictionary).match(sample) ?? {};
    } catch (error) {
      if (error instanceof GrokError) throw new EntityValidationError(error.message);
      throw error;
    }
  }
}

/**
 * Installs Graylog's default patterns once per database: on a new one, and on an existing one that never had
 * them (a pattern of the same name that is already there is kept as it is).
 */
export async function installDefaultGrokPatterns(db: Database): Promise<number> {
  const installed = await db.first("SELECT 1 AS done FROM grok_default_patterns_installed");
  if (installed) return 0;
  const existing = new Set((await db.all<{ name: string }>("SELECT name FROM grok_patterns")).map((row) => row.name));
  const missing = DEFAULT_GROK_PATTERNS.filter((pattern) => !existing.has(pattern.name));
  await db.transaction(async (connection) => {
    for (const pattern of missing) {
      await connection.run("INSERT INTO grok_patterns VALUES (?, ?, ?, NULL)", [objectId(), pattern.name, pattern.pattern]);
    }
    await connection.run("INSERT INTO grok_default_patterns_installed VALUES (now())");
  });
  return missing.length;
}

function dictionaryOf(
  stored: readonly { name: string; pattern: string }[],
  added: readonly { name: string; pattern: string }[],
): Map<string, string> {
  return new Map([...stored, ...added].map(({ name, pattern }) => [name, pattern]));
}

function assertCompiles(dictionary: ReadonlyMap<string, string>, names: readonly string[]): void {
  for (const name of names) {
    try {
      compileGrok(`%{${name}}`, dictionary);
    } catch (error) {
      if (error instanceof GrokError) throw new EntityValidationError(`Invalid pattern ${name}: ${error.message}`);
      throw error;
    }
  }
}

function assertUniqueName(existing: readonly GrokPattern[], name: string): void {
  if (existing.some((pattern) => pattern.name === name)) {
    throw new EntityValidationError(`Grok pattern ${name} already exists`);
  }
}

function refersTo(pattern: string, name: string): boolean {
  return new RegExp(`%\\{${name}(?:[:;}])`).test(pattern);
}

function repeatedNames(patterns: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { name } of patterns) (seen.has(name) ? repeated : seen).add(name);
  return [...repeated];
}

function conflictText(conflicts: readonly string[]): string {
  const named = conflicts.slice(0, MAX_NAMED_CONFLICTS).join(", ");
  const more = conflicts.length > MAX_NAMED_CONFLICTS ? ` (+ ${conflicts.length - MAX_NAMED_CONFLICTS} more)` : "";
  return `The following Grok patterns already exist: ${named}${more}.`;
}
