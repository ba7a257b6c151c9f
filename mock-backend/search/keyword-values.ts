/**
 * The keyword values: the values of many exact (case-sensitive) keyword fields of one message in one
 * string, so a bare term (which Graylog searches in every text field) tests them with one `contains` instead
 * of one comparison per field column. Measured on 1M messages, one day: the 26-field disjunction of a bare
 * term read every column of the range; with this column the bare term costs about what `message` alone costs.
 *
 * Layout: every value is escaped and followed by the separator, with one separator in front:
 * `␟v1␟v2␟` (no values: `␟`). Escaping keeps the separator out of values, so `␟value␟` occurs exactly when
 * some covered field equals `value`, and `␟prefix` exactly when some value starts with `prefix`.
 */
export const KEYWORD_SEPARATOR = "\u001f";
/** Starts an escape pair: ESC ESC is ESC itself, ESC UNIT is the separator. */
const ESCAPE = "\u001e";
const ESCAPED_SEPARATOR = "\u001d";

/** The column as the store keeps it and the fields whose values it holds (and no others). */
export interface KeywordValuesColumn {
  /** SQL expression of the column; never user text. */
  sql: string;
  /** Names of the fields it covers; the compiler uses it only when it searches all of them. */
  fields: ReadonlySet<string>;
}

/** One value as it stands in the column. */
export function escapeKeywordValue(value: string): string {
  if (!value.includes(ESCAPE) && !value.includes(KEYWORD_SEPARATOR)) return value;
  return value.replaceAll(ESCAPE, ESCAPE + ESCAPE).replaceAll(KEYWORD_SEPARATOR, ESCAPE + ESCAPED_SEPARATOR);
}

/** SQL of one string column's value as the keyword values hold it (escaped). */
function escapedSql(column: string): string {
  return `replace(replace(${column}, chr(30), chr(30) || chr(30)), chr(31), chr(30) || chr(29))`;
}

/** SQL making the keyword values of a row from its string columns (the store keeps no column of them). */
export function keywordValuesSql(columns: readonly string[]): string {
  const escaped = columns.map((column) => `${escapedSql(column)} || chr(31)`);
  return escaped.length === 0 ? "chr(31)" : `chr(31) || concat(${escaped.join(", ")})`;
}

/** SQL of the same values as a list (escaped; NULL for a column without a value): what the term index posts. */
export function keywordValueListSql(columns: readonly string[]): string {
  return `[${columns.map(escapedSql).join(", ")}]::VARCHAR[]`;
}

/** The text whose occurrence means "some covered value equals `value`". */
export function keywordEqualsNeedle(value: string): string {
  return KEYWORD_SEPARATOR + escapeKeywordValue(value) + KEYWORD_SEPARATOR;
}

/**
 * The text whose occurrence means "some covered value starts with / ends with / contains `literal`", or null when
 * the literal holds the escape characters (then a substring of the column could straddle an escape pair).
 */
export function keywordPartNeedle(
  literal: string,
  anchoredStart: boolean,
  anchoredEnd: boolean,
): string | null {
  if (anchoredStart) {
    return anchoredEnd ? keywordEqualsNeedle(literal) : KEYWORD_SEPARATOR + escapeKeywordValue(literal);
  }
  if ([ESCAPED_SEPARATOR, ESCAPE, KEYWORD_SEPARATOR].some((char) => literal.includes(char))) return null;
  return `${anchoredStart ? KEYWORD_SEPARATOR : ""}${literal}${anchoredEnd ? KEYWORD_SEPARATOR : ""}`;
}
