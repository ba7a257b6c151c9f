import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { quoteLiteral } from "../store/sql-text.ts";
import type { RoutedStream, StreamRule } from "../store/stream-router.ts";

/** How a message field looks to a rule in the rows being routed: a string or an integer column, or never there. */
export type RoutedFieldSql = { kind: "string" | "long"; sql: string } | null;

/** The routing as SQL, or why it cannot be (then the import takes the JS path). */
export type StreamRoutingSql = { ok: true; sql: string; reachable: string[] } | { ok: false; reason: string };

/**
 * StreamRouter.route (store/stream-router.ts) compiled to one SQL expression giving each row's `streams` list in
 * the same order: the default stream first when it keeps the message, then matching streams in their order, then
 * the import's `--stream`. Rule semantics follow its MATCHERS table for a field that is missing, a string or an
 * integer; regex rules on a field the rows have, and number comparisons on strings (JS `Number` parsing) are not
 * compiled, so those imports stay on the JS path.
 */
export function streamRoutingSql(
  streams: readonly RoutedStream[],
  field: (name: string) => RoutedFieldSql,
  extraStream: string | undefined,
): StreamRoutingSql {
  let routed = streams.filter((stream) => !stream.isDefault && !stream.disabled && stream.rules.length > 0);
  const matches = new Map<string, string>();
  for (const stream of routed) {
    const rules: string[] = [];
    for (const rule of stream.rules) {
      const sql = ruleSql(rule, field(rule.field));
      if (sql === null) {
        return { ok: false, reason: `stream rule ${rule.id} (${rule.type} on ${rule.field})` };
      }
      rules.push(rule.inverted ? negate(sql) : sql);
    }
    const match = stream.matchingType === "AND" ? combine(rules, "AND") : combine(rules, "OR");
    // A stream whose rules can never match these rows (fields the format never sets) is left out.
    if (match !== "false") matches.set(stream.id, match);
  }
  routed = routed.filter((stream) => matches.has(stream.id));
  const conditional: [string, string][] = routed.map((stream) => [matches.get(stream.id)!, stream.id]);
  const items = routed.map((stream) => `CASE WHEN ${matches.get(stream.id)} THEN ${quoteLiteral(stream.id)} END`);
  const removers = routed.filter((stream) => stream.removeMatchesFromDefaultStream).map((stream) =>
    matches.get(stream.id)!
  );
  const extra = extraStream === undefined ? undefined : streams.find((stream) => stream.id === extraStream);
  if (extra && !extra.disabled && !extra.isDefault) {
    const appended = matches.has(extra.id) ? `(NOT ${matches.get(extra.id)})` : "true";
    items.push(`CASE WHEN ${appended} THEN ${quoteLiteral(extra.id)} END`);
    conditional.push([appended, extra.id]);
    if (extra.removeMatchesFromDefaultStream) removers.push(appended);
  }
  const defaultId = streams.find((stream) => stream.isDefault)?.id ?? DEFAULT_STREAM_ID;
  const reachable = [defaultId, ...routed.map((stream) => stream.id)];
  if (extra && !extra.disabled && !extra.isDefault && !reachable.includes(extra.id)) reachable.push(extra.id);
  const list = items.length === 0
    ? "[]::VARCHAR[]"
    : `list_filter([${items.join(", ")}]::VARCHAR[], lambda q_s: q_s IS NOT NULL)`;
  if (removers.length === 0 && conditional.length === 1) {
    // The usual import (one stream with rules on the format's fields): one of two constant lists, where building
    // and filtering a list per row cost 0.1 µs more (bench/RESULTS.md "Eighth round").
    const [[condition, id]] = conditional;
    return {
      ok: true,
      sql: `CASE WHEN ${condition} THEN [${quoteLiteral(defaultId)}, ${quoteLiteral(id)}] ELSE [${
        quoteLiteral(defaultId)
      }] END`,
      reachable,
    };
  }
  if (removers.length === 0) {
    return { ok: true, sql: `list_prepend(${quoteLiteral(defaultId)}, ${list})`, reachable };
  }
  return {
    ok: true,
    reachable,
    sql: `(SELECT CASE WHEN NOT (${removers.join(" OR ")}) OR len(q_r.l) = 0
      THEN list_prepend(${quoteLiteral(defaultId)}, q_r.l) ELSE q_r.l END FROM (SELECT ${list} AS l) AS q_r)`,
  };
}

function negate(sql: string): string {
  return sql === "true" ? "false" : sql === "false" ? "true" : `(NOT ${sql})`;
}

/** Rules joined by AND or OR, constants folded (so that a stream that can never match is known as such). */
function combine(rules: string[], operator: "AND" | "OR"): string {
  const [absorbing, neutral] = operator === "AND" ? ["false", "true"] : ["true", "false"];
  if (rules.includes(absorbing)) return absorbing;
  const rest = rules.filter((rule) => rule !== neutral);
  return rest.length === 0 ? neutral : `(${rest.join(` ${operator} `)})`;
}

/** A rule's match as SQL that is never NULL, or null when it is not compiled. */
function ruleSql(rule: StreamRule, value: RoutedFieldSql): string | null {
  if (rule.type === "always_match") return "true";
  // Imported messages name no input (IncomingMessage.inputId), so `match_input` never matches.
  if (rule.type === "match_input") return "false";
  if (value === null) return "false"; // every other matcher needs the field
  const text = value.kind === "string" ? value.sql : `CAST(${value.sql} AS VARCHAR)`;
  switch (rule.type) {
    case "exact":
      return `coalesce(${text} = ${quoteLiteral(rule.value)}, false)`;
    case "contains":
      return `coalesce(contains(${text}, ${quoteLiteral(rule.value)}), false)`;
    case "presence":
      return value.kind === "string" ? `coalesce(${value.sql} <> '', false)` : `(${value.sql} IS NOT NULL)`;
    case "greater":
    case "smaller": {
      if (value.kind !== "long") return null;
      const bound = Number(rule.value);
      if (Number.isNaN(bound)) return "false";
      if (!Number.isFinite(bound)) {
        return (bound > 0) === (rule.type === "smaller") ? `(${value.sql} IS NOT NULL)` : "false";
      }
      return `coalesce(${value.sql}::DOUBLE ${rule.type === "greater" ? ">" : "<"} ${bound}::DOUBLE, false)`;
    }
    case "regex":
      return null;
  }
}

