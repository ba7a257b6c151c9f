import type { EntityPage, PageRequest } from "../../api/schemas/paginated.ts";
import type { Database, Row, SqlParams } from "../database.ts";
import { type EntityQueryTerm, parseEntityQuery } from "./entity-query.ts";

/**
 * How one entity table is listed. Every SQL text here is a constant of the area's store, never request text:
 * requests only choose among them (sort) and fill bound parameters (search values, paging).
 */
export interface EntityListDefinition<SortField extends string> {
  /** The table (or a constant subquery) the entities are read from. */
  from: string;
  /** The columns to read. */
  columns: string;
  /** Query field → SQL expression it matches on (case-insensitive substring), e.g. `{ name: "name" }`. */
  searchFields: Readonly<Record<string, string>>;
  /** The fields a term without `field:` searches (any of them may match). */
  defaultSearchFields: readonly string[];
  /** Sort field → ORDER BY expression. */
  sortColumns: Readonly<Record<SortField, string>>;
  /** Breaks ties so that paging is stable, e.g. `id`. */
  tieBreaker: string;
}

/** A fixed condition beside the user's search (owner, type …) with its parameters. */
export interface ListScope {
  where: string;
  params: SqlParams;
}

/**
 * One page of a paginated entity list on DuckDB, in Graylog's semantics: terms on one field match if any of
 * them does, terms on different fields must all match, `-` terms must not; a `field:` the list does not know
 * is searched as free text.
 */
export async function listPage<Entity extends Row, SortField extends string>(
  db: Database,
  definition: EntityListDefinition<SortField>,
  request: PageRequest<SortField>,
  scope?: ListScope,
): Promise<EntityPage<Entity>> {
  const search = searchCondition(definition, parseEntityQuery(request.query));
  const where = [scope?.where ?? "true", search.sql].map((part) => `(${part})`).join(" AND ");
  const params = [...(scope?.params ?? []), ...search.params];
  const counted = await db.first<{ n: bigint }>(`SELECT count(*) AS n FROM ${definition.from} WHERE ${where}`, params);
  const direction = request.order === "desc" ? "DESC" : "ASC";
  const elements = await db.all<Entity>(
    `SELECT ${definition.columns} FROM ${definition.from} WHERE ${where}
     ORDER BY ${definition.sortColumns[request.sort]} ${direction}, ${definition.tieBreaker} ${direction}
     LIMIT ? OFFSET ?`,
    [...params, request.perPage, (request.page - 1) * request.perPage],
  );
  return { elements, total: Number(counted?.n ?? 0) };
}

function searchCondition(
  definition: EntityListDefinition<string>,
  terms: readonly EntityQueryTerm[],
): { sql: string; params: SqlParams } {
  const matchesAny = (fields: readonly string[]) =>
    `(${fields.map((field) => `contains(lower(CAST(${definition.searchFields[field]} AS VARCHAR)), lower(?))`).join(" OR ")})`;
  const byField = new Map<string, { fields: readonly string[]; values: string[] }>();
  const excluded: { fields: readonly string[]; value: string }[] = [];
  for (const term of terms) {
    const known = term.field !== null && term.field in definition.searchFields;
    const fields = known ? [term.field!] : definition.defaultSearchFields;
    const value = term.field !== null && !known ? `${term.field}:${term.value}` : term.value;
    if (term.negated) {
      excluded.push({ fields, value });
      continue;
    }
    const key = fields.join(",");
    const group = byField.get(key) ?? { fields, values: [] };
    group.values.push(value);
    byField.set(key, group);
  }
  const parts: string[] = [];
  const params: SqlParams = [];
  for (const { fields, values } of byField.values()) {
    parts.push(`(${values.map(() => matchesAny(fields)).join(" OR ")})`);
    for (const value of values) params.push(...fields.map(() => value));
  }
  for (const { fields, value } of excluded) {
    parts.push(`NOT ${matchesAny(fields)}`);
    params.push(...fields.map(() => value));
  }
  return { sql: parts.length > 0 ? parts.join(" AND ") : "true", params };
}
