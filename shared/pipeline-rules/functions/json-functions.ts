import { param, type RuleFunction, textOf } from "../rule-function.ts";

/** Graylog's JSON functions: parse a string, select values by JSONPath. */
export const JSON_FUNCTIONS: readonly RuleFunction[] = [
  {
    name: "parse_json",
    description: "Parses a string as JSON; the tree for select_jsonpath (or as a map)",
    params: [param("value", "String", "The JSON text")],
    returnType: "JsonNode",
    run: ([value]) => JSON.parse(textOf(value) ?? "null"),
  },
  {
    name: "select_jsonpath",
    description: "Selects values from a JSON tree by JSONPath expressions, e.g. {user: \"$.user.name\"}",
    params: [param("json", "JsonNode", "The parsed JSON"), param("paths", "Map", "Result name → JSONPath expression")],
    returnType: "Map",
    run: ([json, paths]) => {
      const result: Record<string, unknown> = {};
      for (const [name, path] of Object.entries((paths ?? {}) as Record<string, unknown>)) {
        const found = selectJsonPath(json, textOf(path) ?? "$");
        if (found.length > 0) result[name] = found.length === 1 ? found[0] : found;
      }
      return result;
    },
  },
];

type Step = { kind: "key"; key: string } | { kind: "index"; index: number } | { kind: "wildcard" } | { kind: "descend"; key: string | null };

/** A JSONPath subset: `$`, `.key`, `['key']`, `[0]`, `[*]`, `.*`, `..key`. */
export function selectJsonPath(root: unknown, path: string): unknown[] {
  const steps = parsePath(path);
  let current: unknown[] = [root];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const node of current) {
      if (step.kind === "key" && isObject(node) && Object.hasOwn(node, step.key)) next.push(node[step.key]);
      else if (step.kind === "index" && Array.isArray(node)) {
        const item = node[step.index < 0 ? node.length + step.index : step.index];
        if (item !== undefined) next.push(item);
      } else if (step.kind === "wildcard") {
        if (Array.isArray(node)) next.push(...node);
        else if (isObject(node)) next.push(...Object.values(node));
      } else if (step.kind === "descend") descend(node, step.key, next);
    }
    current = next;
  }
  return current;
}

function descend(node: unknown, key: string | null, into: unknown[]): void {
  if (Array.isArray(node)) for (const item of node) descend(item, key, into);
  else if (isObject(node)) {
    for (const [name, value] of Object.entries(node)) {
      if (key === null || name === key) into.push(value);
      descend(value, key, into);
    }
  }
}

function parsePath(path: string): Step[] {
  if (!path.startsWith("$")) throw new Error(`Invalid JSONPath ${path}: it must start with $`);
  const steps: Step[] = [];
  const pattern = /\.\.(\*|[A-Za-z_$][\w$-]*)|\.(\*|[A-Za-z_$][\w$-]*)|\[\s*(?:'([^']*)'|"([^"]*)"|(-?\d+)|(\*))\s*\]/y;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < path.length) {
    const at = pattern.lastIndex;
    const match = pattern.exec(path);
    if (!match) throw new Error(`Invalid JSONPath ${path} at position ${at}`);
    if (match[1] !== undefined) steps.push({ kind: "descend", key: match[1] === "*" ? null : match[1] });
    else if (match[2] !== undefined) steps.push(match[2] === "*" ? { kind: "wildcard" } : { kind: "key", key: match[2] });
    else if (match[3] !== undefined || match[4] !== undefined) steps.push({ kind: "key", key: match[3] ?? match[4] });
    else if (match[5] !== undefined) steps.push({ kind: "index", index: Number(match[5]) });
    else steps.push({ kind: "wildcard" });
  }
  return steps;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
