/**
 * Printing values back into query text so that parsing the text gives the same values
 * (QueryParserBase.escape, plus whitespace and the operator words).
 */
const SPECIAL = new Set('\\+-!():^[]"{}~*?|&/ \t\n\r\u3000');

export function escapeTerm(value: string): string {
  if (value === "AND" || value === "OR" || value === "NOT") return `\\${value}`;
  return [...value].map((char) => (SPECIAL.has(char) ? `\\${char}` : char)).join("");
}

export function quotePhrase(text: string): string {
  return `"${text.replace(/[\\"]/g, "\\$&")}"`;
}

/** A wildcard pattern keeps its `*`, `?` and escapes; everything else special is escaped. */
export function printWildcardPattern(pattern: string): string {
  let printed = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") {
      printed += `\\${pattern[i + 1] ?? "\\"}`;
      i++;
    } else if (char === "*" || char === "?") printed += char;
    else printed += escapeTerm(char);
  }
  return printed;
}

export function printField(field: string | null): string {
  return field === null ? "" : `${escapeTerm(field)}:`;
}

/** A range bound: `*` when open, bare when it survives the range lexer, else quoted. */
export function printRangeBound(value: string | null): string {
  if (value === null) return "*";
  if (
    value === "" || value === "*" || value === "TO" || value.startsWith('"') || /[\s\]}\\\u3000]/.test(value)
  ) {
    return quotePhrase(value);
  }
  return value;
}

/** Whether `>=value` style printing reads back as the same bound. */
export function isPlainComparisonValue(value: string): boolean {
  return /^[\p{L}\p{N}_.][\p{L}\p{N}_.+-]*$/u.test(value);
}
