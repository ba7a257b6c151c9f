import type { Expression, RuleAst } from "./ast.ts";
import type { RuleFunctionRegistry } from "./function-registry.ts";
import type { EvaluationContext, RuleFunction } from "./rule-function.ts";
import { RuleDateTime } from "./rule-types.ts";

type Evaluate = (context: EvaluationContext, scope: Map<string, unknown>) => unknown;

/** A checked rule made runnable: its condition and its actions, closures built once and run per message. */
export interface CompiledRule {
  name: string;
  /** Whether the condition holds; throws on a runtime error (the caller counts it). */
  matches(context: EvaluationContext): boolean;
  /** Runs the actions in order; throws on a runtime error, leaving the actions after it undone. */
  execute(context: EvaluationContext): void;
}

/** Compiles a rule the checker passed (rule-checker.ts): every call is resolved, every node typed. */
export function compileRule(rule: RuleAst, functions: RuleFunctionRegistry): CompiledRule {
  const condition = compile(rule.when, functions);
  const statements = rule.then.map((statement) => {
    if (statement.kind === "let") {
      const value = compile(statement.value, functions);
      return (context: EvaluationContext, scope: Map<string, unknown>) => void scope.set(statement.name, value(context, scope));
    }
    const call = compile(statement.call, functions);
    return (context: EvaluationContext, scope: Map<string, unknown>) => void call(context, scope);
  });
  return {
    name: rule.name,
    matches: (context) => condition(context, new Map()) === true,
    execute(context) {
      const scope = new Map<string, unknown>();
      for (const statement of statements) statement(context, scope);
    },
  };
}

function compile(expression: Expression, functions: RuleFunctionRegistry): Evaluate {
  switch (expression.kind) {
    case "string":
    case "long":
    case "double":
    case "boolean": {
      const value = expression.value;
      return () => value;
    }
    case "array": {
      const items = expression.items.map((item) => compile(item, functions));
      return (context, scope) => items.map((item) => item(context, scope));
    }
    case "map": {
      const entries = expression.entries.map(({ key, value }) => [key, compile(value, functions)] as const);
      return (context, scope) => Object.fromEntries(entries.map(([key, value]) => [key, value(context, scope)]));
    }
    case "message": {
      const field = expression.field;
      return field === null ? (context) => context.message : (context) => context.message.get(field);
    }
    case "variable": {
      const name = expression.name;
      return (_context, scope) => scope.get(name) ?? null;
    }
    case "member": {
      const object = compile(expression.object, functions);
      const name = expression.name;
      return (context, scope) => member(object(context, scope), name);
    }
    case "index": {
      const object = compile(expression.object, functions);
      const index = compile(expression.index, functions);
      return (context, scope) => member(object(context, scope), index(context, scope));
    }
    case "not": {
      const operand = compile(expression.operand, functions);
      return (context, scope) => operand(context, scope) !== true;
    }
    case "negate": {
      const operand = compile(expression.operand, functions);
      return (context, scope) => {
        const value = operand(context, scope);
        return typeof value === "number" ? -value : null;
      };
    }
    case "binary":
      return binary(expression, functions);
    case "call": {
      const fn = functions.find(expression.name) as RuleFunction;
      const args = (expression.resolved ?? []).map((arg) => arg ? compile(arg, functions) : undefined);
      // Arguments that evaluate to null are passed as null: each function says what null means to it.
      return (context, scope) => fn.run(args.map((arg) => arg?.(context, scope)), context);
    }
  }
}

function member(object: unknown, key: unknown): unknown {
  if (object === null || object === undefined) return null;
  if (Array.isArray(object)) return typeof key === "number" ? object[key < 0 ? object.length + key : key] ?? null : null;
  if (typeof object === "object" && "get" in object && "has" in object && typeof (object as { get: unknown }).get === "function") {
    return (object as { get(field: string): unknown }).get(String(key));
  }
  if (typeof object === "object") return (object as Record<string, unknown>)[String(key)] ?? null;
  return null;
}

function binary(expression: Extract<Expression, { kind: "binary" }>, functions: RuleFunctionRegistry): Evaluate {
  const left = compile(expression.left, functions);
  const right = compile(expression.right, functions);
  switch (expression.op) {
    case "and":
      return (context, scope) => left(context, scope) === true && right(context, scope) === true;
    case "or":
      return (context, scope) => left(context, scope) === true || right(context, scope) === true;
    case "==":
      return (context, scope) => equal(left(context, scope), right(context, scope));
    case "!=":
      return (context, scope) => !equal(left(context, scope), right(context, scope));
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const op = expression.op;
      return (context, scope) => {
        const a = comparable(left(context, scope));
        const b = comparable(right(context, scope));
        if (a === null || b === null) return false;
        return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
      };
    }
    default: {
      const op = expression.op;
      const integral = expression.left.type === "Long" && expression.right.type === "Long";
      return (context, scope) => {
        const a = left(context, scope);
        const b = right(context, scope);
        if (typeof a !== "number" || typeof b !== "number") return null;
        if ((op === "/" || op === "%") && b === 0 && integral) throw new Error("Division by zero");
        const result = op === "+" ? a + b : op === "-" ? a - b : op === "*" ? a * b : op === "/" ? a / b : a % b;
        return integral ? Math.trunc(result) : result;
      };
    }
  }
}

function comparable(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (value instanceof RuleDateTime) return value.epochMs;
  return null;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a instanceof RuleDateTime && b instanceof RuleDateTime) return a.epochMs === b.epochMs;
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}
