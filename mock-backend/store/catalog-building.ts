import type { StoredField } from "../search/field-catalog.ts";
import type { TermIndexSource } from "../search/term-index-source.ts";
import { keywordValuesSql } from "../search/keyword-values.ts";
import {
  ALWAYS_PRESENT,
  type ExtraField,
  HOT_FIELDS,
  HOT_KEYWORD_VALUE_FIELDS,
  storedExtraField,
  StoreFieldCatalog,
} from "./field-registry.ts";

/**
 * The field catalog of the fields in `everywhere` (of any message, or of a scope's). `complete`: the catalog is of
 * every message, so it also offers the keyword values (search/keyword-values.ts, made of the columns per row) of the
 * fields it covers (every row's values of those fields are in it, and no other field's); a scoped catalog does not:
 * rows outside its scope may hold fields it does not list.
 */
export function buildStoreCatalog(
  everywhere: ReadonlySet<string>,
  complete: boolean,
  extras: Iterable<ExtraField>,
  terms: TermIndexSource,
): StoreFieldCatalog {
  const fields: StoredField[] = [];
  const covered = new Set<string>();
  const coveredSql: string[] = [];
  for (const field of Object.values(HOT_FIELDS)) {
    if (field.name === "_id" || ALWAYS_PRESENT.includes(field.name) || everywhere.has(field.name)) {
      fields.push(field);
      if ((HOT_KEYWORD_VALUE_FIELDS as readonly string[]).includes(field.name)) {
        covered.add(field.name);
        coveredSql.push(field.valueSql);
      }
    }
  }
  for (const extra of extras) {
    if (!everywhere.has(extra.name)) continue;
    const stored = storedExtraField(extra);
    fields.push(stored);
    if (extra.type === "string") (covered.add(extra.name), coveredSql.push(stored.valueSql));
  }
  return new StoreFieldCatalog(
    fields,
    false,
    complete ? { sql: keywordValuesSql(coveredSql), fields: covered } : undefined,
    terms,
  );
}
