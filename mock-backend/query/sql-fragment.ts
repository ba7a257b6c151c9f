/**
 * SQL built from pieces that carry their own bound parameters, so text and `?` placeholders can never drift
 * apart and user text never lands in SQL: interpolating a value into `sql` binds it; only fragments (and the
 * catalog's quoted expressions, via `trusted`) are pasted.
 */
export type SqlParam = string | number | boolean;

export interface SqlFragment {
  readonly sql: string;
  readonly params: readonly SqlParam[];
}

const FRAGMENT = Symbol("SqlFragment");
interface TaggedFragment extends SqlFragment {
  readonly [FRAGMENT]: true;
}

function fragment(sqlText: string, params: readonly SqlParam[]): TaggedFragment {
  return { sql: sqlText, params, [FRAGMENT]: true };
}

function isFragment(value: unknown): value is TaggedFragment {
  return typeof value === "object" && value !== null && FRAGMENT in value;
}

/** SQL text that is not user input: the catalog's column expressions and the compiler's own keywords. */
export function trusted(sqlText: string): SqlFragment {
  return fragment(sqlText, []);
}

/** `sql\`list_contains(${tokens}, ${term})\``: fragments are pasted, every other value becomes a bound `?`. */
export function sql(strings: TemplateStringsArray, ...values: (SqlFragment | SqlParam)[]): SqlFragment {
  let text = strings[0];
  const params: SqlParam[] = [];
  values.forEach((value, index) => {
    if (isFragment(value)) {
      text += value.sql;
      params.push(...value.params);
    } else {
      text += "?";
      params.push(value as SqlParam);
    }
    text += strings[index + 1];
  });
  return fragment(text, params);
}

export const TRUE_SQL: SqlFragment = trusted("TRUE");
export const FALSE_SQL: SqlFragment = trusted("FALSE");

function isConstant(part: SqlFragment, value: SqlFragment): boolean {
  return part.sql === value.sql && part.params.length === 0;
}

function joined(parts: SqlFragment[], separator: string): SqlFragment {
  if (parts.length === 1) return parts[0];
  return fragment(`(${parts.map((part) => part.sql).join(separator)})`, parts.flatMap((part) => part.params));
}

/** Disjunction with constant folding (`FALSE` parts vanish, a `TRUE` part wins). */
export function anyOf(parts: SqlFragment[]): SqlFragment {
  if (parts.some((part) => isConstant(part, TRUE_SQL))) return TRUE_SQL;
  const kept = parts.filter((part) => !isConstant(part, FALSE_SQL));
  return kept.length === 0 ? FALSE_SQL : joined(kept, " OR ");
}

/** Conjunction with constant folding (`TRUE` parts vanish, a `FALSE` part wins). */
export function allOf(parts: SqlFragment[]): SqlFragment {
  if (parts.some((part) => isConstant(part, FALSE_SQL))) return FALSE_SQL;
  const kept = parts.filter((part) => !isConstant(part, TRUE_SQL));
  return kept.length === 0 ? TRUE_SQL : joined(kept, " AND ");
}

export function not(part: SqlFragment): SqlFragment {
  if (isConstant(part, TRUE_SQL)) return FALSE_SQL;
  if (isConstant(part, FALSE_SQL)) return TRUE_SQL;
  return sql`(NOT ${part})`;
}

/** Two-valued: NULL (a missing field) counts as no match, so the predicate can be negated safely. */
export function isTrue(part: SqlFragment): SqlFragment {
  if (isConstant(part, TRUE_SQL) || isConstant(part, FALSE_SQL)) return part;
  return sql`(${part} IS TRUE)`;
}

