/**
 * Query terms the UI adds on a click (field actions, top values): `field:"value"`, quoted and escaped so any
 * log value is matched literally, joined to the current query with AND.
 */

/** Escapes a value for a Lucene quoted phrase: backslashes and double quotes. */
export function escapePhrase(value: string): string {
  return value.replace(/[\\"]/g, (char) => `\\${char}`);
}

/** Escapes a field name (spaces and Lucene specials) for the left side of `field:value`. */
export function escapeFieldName(name: string): string {
  return name.replace(/[\s+\-!(){}[\]^"~*?:\\/&|]/g, (char) => `\\${char}`);
}

/** `field:"value"`, or `NOT field:"value"` to exclude. */
export function fieldTerm(field: string, value: string, exclude = false): string {
  const term = `${escapeFieldName(field)}:"${escapePhrase(value)}"`;
  return exclude ? `NOT ${term}` : term;
}

/** The query with a term added: the term alone when the query is empty or `*`, else `query AND term` (parenthesised when it holds an OR). */
export function addTermToQuery(query: string, term: string): string {
  const current = query.trim();
  if (current === "" || current === "*") return term;
  // An OR in the query would otherwise bind looser than the added AND.
  return `${/\bOR\b|\|\|/.test(current) ? `(${current})` : current} AND ${term}`;
}
