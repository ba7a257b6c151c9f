import type { QueryNode } from "../query/mod.ts";

/**
 * The fields every message a query matches must have: a fielded leaf needs its field, a boolean query the fields
 * of all its required clauses (or those every optional clause needs, when none is required); excluded clauses,
 * bare terms and field patterns (`*_ip:…`) need none. Used to tell which streams cannot hold a match (their
 * messages in the window never have the field), without reading the messages.
 */
export function requiredFields(node: QueryNode): Set<string> {
  switch (node.kind) {
    case "bool": {
      const musts = node.clauses.filter((clause) => clause.occur === "must").map((clause) => requiredFields(clause.query));
      if (musts.length > 0) return new Set(musts.flatMap((fields) => [...fields]));
      const shoulds = node.clauses.filter((clause) => clause.occur === "should").map((clause) => requiredFields(clause.query));
      if (shoulds.length === 0) return new Set();
      return new Set([...shoulds[0]].filter((field) => shoulds.every((fields) => fields.has(field))));
    }
    case "boost":
      return requiredFields(node.query);
    case "matchAll":
      return new Set();
    default:
      return node.field !== null && !node.field.includes("*") ? new Set([node.field]) : new Set();
  }
}
