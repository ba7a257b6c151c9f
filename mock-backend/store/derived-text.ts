/**
 * The analysed text's tokens as SQL over the stored text, the rule of `analyze` (search/field-catalog.ts):
 * lower-cased runs of letters, digits and `_`, kept together across a single `.` or `'`. The store keeps no token
 * column: on 1M generated messages this SQL gave every message the token text `analyze` had stored (bench/RESULTS.md
 * "Storage"), and the term index answers most searches without either.
 */
const TOKEN_PATTERN = "'[\\p{L}\\p{N}_]+(?:[''.][\\p{L}\\p{N}_]+)*'";

/** The token list of a text column. */
export function tokensSql(column: string): string {
  return `regexp_extract_all(lower(${column}), ${TOKEN_PATTERN})`;
}

/** The token text (` a b c `) of a text column: a space before, after and between the tokens. */
export function tokenTextSql(column: string): string {
  return `(' ' || array_to_string(${tokensSql(column)}, ' ') || ' ')`;
}
