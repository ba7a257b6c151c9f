import type { Expression, RuleAst, Statement } from "../../../shared/pipeline-rules/ast.ts";

/** A compact notation of a checked rule's AST for the golden files: kinds, values and types, no positions. */
export function ruleNotation(rule: RuleAst): string {
  return [`rule ${JSON.stringify(rule.name)}`, `when ${expression(rule.when)}`, ...rule.then.map(statement)].join("\n");
}

function statement(node: Statement): string {
  return node.kind === "let" ? `let ${node.name} = ${expression(node.value)}` : `do ${expression(node.call)}`;
}

function expression(node: Expression): string {
  const typed = (text: string) => `${text}:${node.type ?? "?"}`;
  switch (node.kind) {
    case "string":
      return JSON.stringify(node.value);
    case "long":
    case "double":
      return typed(String(node.value));
    case "boolean":
      return String(node.value);
    case "array":
      return `[${node.items.map(expression).join(", ")}]`;
    case "map":
      return `{${node.entries.map(({ key, value }) => `${key}: ${expression(value)}`).join(", ")}}`;
    case "message":
      return node.field === null ? "$message" : `$message.${node.field}`;
    case "variable":
      return typed(`var ${node.name}`);
    case "member":
      return `${expression(node.object)}.${node.name}`;
    case "index":
      return `${expression(node.object)}[${expression(node.index)}]`;
    case "not":
      return `!(${expression(node.operand)})`;
    case "negate":
      return `-(${expression(node.operand)})`;
    case "binary":
      return typed(`(${expression(node.left)} ${node.op} ${expression(node.right)})`);
    case "call":
      return typed(`${node.name}(${(node.resolved ?? []).map((arg) => arg ? expression(arg) : "_").join(", ")})`);
  }
}
