import type { FieldedNode, QueryNode } from "../ast.ts";
import {
  anyToken,
  type CompileContext,
  type FieldClassTable,
  fieldPredicate,
  valueOf,
} from "../compile-context.ts";
import { formatTimestamp, parseDateBound } from "../date-math.ts";
import { parseNumber } from "../field-class.ts";
import { isPlainComparisonValue, printField, printRangeBound } from "../lucene-escape.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { allOf, FALSE_SQL, sql, type SqlFragment } from "../sql-fragment.ts";

/**
 * `[a TO b]` (inclusive), `{a TO b}` (exclusive), mixed, `*` for an open end, and `>a`, `>=a`, `<a`, `<=a`.
 * Numbers and dates compare by value (dates with Elasticsearch's rounding: an inclusive upper `2024-01-01` means
 * to the end of that day), strings by their characters (a number on a string field too); analysed text when
 * any token is in the range; text is lower-cased where the field is.
 */
export const RANGE = "range";

export interface RangeNode extends FieldedNode {
  kind: typeof RANGE;
  /** null: open (`*`). */
  lower: string | null;
  upper: string | null;
  includeLower: boolean;
  includeUpper: boolean;
}

export function isRangeNode(node: QueryNode): node is RangeNode {
  return node.kind === RANGE;
}

type Bounds = Pick<RangeNode, "lower" | "upper" | "includeLower" | "includeUpper">;

/** Comparisons of `value` with each present bound, each bound converted by `convert` (null: matches nothing). */
function compare(
  value: SqlFragment,
  bounds: Bounds,
  convert: (bound: string, roundUp: boolean) => SqlFragment | null,
): SqlFragment {
  if (bounds.lower === null && bounds.upper === null) return sql`(${value} IS NOT NULL)`;
  const parts: SqlFragment[] = [];
  if (bounds.lower !== null) {
    // Elasticsearch rounds `gt` up and `gte` down.
    const lower = convert(bounds.lower, !bounds.includeLower);
    if (lower === null) return FALSE_SQL;
    parts.push(bounds.includeLower ? sql`${value} >= ${lower}` : sql`${value} > ${lower}`);
  }
  if (bounds.upper !== null) {
    const upper = convert(bounds.upper, bounds.includeUpper);
    if (upper === null) return FALSE_SQL;
    parts.push(bounds.includeUpper ? sql`${value} <= ${upper}` : sql`${value} < ${upper}`);
  }
  return parts.length === 1 ? sql`(${parts[0]})` : allOf(parts);
}

const asText = (bound: string) => sql`${bound}`;
const asLowerText = (bound: string) => sql`${bound.toLowerCase()}`;

/** A long column against a fractional bound: round to the whole number meaning the same, keeping BIGINT. */
function longBounds(bounds: Bounds): Bounds | null {
  const round = (bound: string | null, up: boolean): string | null | undefined => {
    if (bound === null) return null;
    const number = parseNumber(bound);
    if (number === null) return undefined;
    return String(up ? Math.ceil(number) : Math.floor(number));
  };
  const lower = round(bounds.lower, true);
  const upper = round(bounds.upper, false);
  if (lower === undefined || upper === undefined) return null;
  const fractional = (bound: string | null) => bound !== null && !Number.isInteger(Number(bound));
  return {
    lower,
    upper,
    // `> 1.5` is `>= 2`; `< 1.5` is `<= 1`.
    includeLower: fractional(bounds.lower) ? true : bounds.includeLower,
    includeUpper: fractional(bounds.upper) ? true : bounds.includeUpper,
  };
}

const asNumber = (bound: string) => {
  const number = parseNumber(bound);
  return number === null ? null : sql`${number}`;
};

const RANGE_SQL: FieldClassTable<Bounds> = {
  analyzed: (field, bounds) =>
    bounds.lower === null && bounds.upper === null
      ? sql`(${valueOf(field)} IS NOT NULL)`
      : anyToken(field, (token) => compare(token, bounds, asLowerText)),
  "keyword-ci": (field, bounds) => compare(sql`lower(${valueOf(field)})`, bounds, asLowerText),
  keyword: (field, bounds) => compare(valueOf(field), bounds, asText),
  ip: (field, bounds) => compare(valueOf(field), bounds, asText),
  long: (field, bounds) => {
    const whole = longBounds(bounds);
    return whole === null ? FALSE_SQL : compare(valueOf(field), whole, asNumber);
  },
  double: (field, bounds) => compare(valueOf(field), bounds, asNumber),
  date: (field, bounds, context) =>
    compare(valueOf(field), bounds, (bound, roundUp) => {
      const ms = parseDateBound(bound, context.now, roundUp);
      return ms === null ? null : sql`CAST(${formatTimestamp(ms)} AS TIMESTAMP)`;
    }),
  // `[* TO *]` asks only for a value, which booleans and points have too.
  boolean: (
    field,
    bounds,
  ) => (bounds.lower === null && bounds.upper === null ? sql`(${valueOf(field)} IS NOT NULL)` : FALSE_SQL),
  "geo-point": (
    field,
    bounds,
  ) => (bounds.lower === null && bounds.upper === null ? sql`(${valueOf(field)} IS NOT NULL)` : FALSE_SQL),
};

export function rangeToSql(node: RangeNode, context: CompileContext): SqlFragment {
  return fieldPredicate(node, context, RANGE_SQL, node);
}

export function rangeToLucene(node: RangeNode, _context: PrintContext): string {
  const field = printField(node.field);
  if (node.lower !== null && node.upper === null && node.includeUpper && isPlainComparisonValue(node.lower)) {
    return `${field}${node.includeLower ? ">=" : ">"}${node.lower}`;
  }
  if (node.upper !== null && node.lower === null && node.includeLower && isPlainComparisonValue(node.upper)) {
    return `${field}${node.includeUpper ? "<=" : "<"}${node.upper}`;
  }
  return `${field}${node.includeLower ? "[" : "{"}${printRangeBound(node.lower)} TO ${
    printRangeBound(node.upper)
  }${node.includeUpper ? "]" : "}"}`;
}

export const rangeNode: NodeDefinition<RangeNode> = {
  kind: RANGE,
  is: isRangeNode,
  toSql: rangeToSql,
  toLucene: rangeToLucene,
  children: () => [],
};
