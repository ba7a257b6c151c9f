/**
 * Graylog's search syntax for entity lists (its SearchQueryParser): whitespace-separated terms, each free text
 * or `field:value`, values optionally in double quotes, a leading `-` negating a term. What a term means (which
 * fields exist, how a value matches) is the paginated entity store's business.
 */
export interface EntityQueryTerm {
  /** Null for free text. */
  field: string | null;
  value: string;
  negated: boolean;
}

/** A term: optional `-`, optional `field:`, then a quoted or a bare value. */
const TERM = /(-)?(?:([A-Za-z_][\w.]*):)?(?:"((?:[^"\\]|\\.)*)"|(\S+))/g;

export function parseEntityQuery(query: string): EntityQueryTerm[] {
  const terms: EntityQueryTerm[] = [];
  for (const found of query.matchAll(TERM)) {
    const [, minus, field, quoted, bare] = found;
    const value = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : bare;
    if (value === "") continue;
    terms.push({ field: field ?? null, value, negated: minus === "-" });
  }
  return terms;
}
