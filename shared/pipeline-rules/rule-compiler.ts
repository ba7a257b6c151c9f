import type { Expression, RuleAst } from "./ast.ts";
import type { RuleFunctionRegistry } from "./function-registry.ts";
import type { EvaluationContext, RuleFunction } from "./rule-function.ts";
import { RuleDateTime } from "./rule-types.ts";

/**
 * An expression made runnable. `frame` holds the rule's variables by slot (resolved from their names when the
 * rule is compiled), so that running a rule allocates no scope.
 */
type Evaluate = (context: EvaluationContext, frame: unknown[]) => unknown;

/** A checked rule made runnable: its condition and its actions, closures built once and run per message. */
export interface CompiledRule {
  name: string;
  /** Whether the condition holds; throws on a runtime error (the caller counts it). */
  matches(context: EvaluationContext): boolean;
  /** Runs the actions in order; throws on a runtime error, leaving the actions after it undone. */
  execute(context: EvaluationContext): void;
}

/** Variable names to frame slots, filled as `let` statements are compiled. */
type Slots = Map<string, number>;

/**
 * Compiles a rule the checker passed (rule-checker.ts): every call is resolved, every node typed. Rules run one
 * message at a time, to the end, and never re-enter themselves, so each rule owns one frame for its variables and
 * each call site one array for its arguments, reused from message to message.
 */
export function compileRule(rule: RuleAst, functions: RuleFunctionRegistry): CompiledRule {
  const slots: Slots = new Map();
  const condition = compile(rule.when, functions, slots);
  const statements: ((context: EvaluationContext, frame: unknown[]) => void)[] = rule.then.map((statement) => {
    if (statement.kind === "let") {
      const value = compile(statement.value, functions, slots);
      // A name declared again reuses its slot, as a later `let` replaces the earlier value.
      const slot = slots.get(statement.name) ?? slots.size;
      slots.set(statement.name, slot);
      return (context, frame) => void (frame[slot] = value(context, frame));
    }
    const call = compile(statement.call, functions, slots);
    return (context, frame) => void call(context, frame);
  });
  const frame: unknown[] = new Array(slots.size).fill(null);
  const count = statements.length;
  return {
    name: rule.name,
    matches: (context) => condition(context, frame) === true,
    execute(context) {
      if (frame.length > 0) frame.fill(null);
      for (let i = 0; i < count; i++) statements[i](context, frame);
    },
  };
}

function compile(expression: Expression, functions: RuleFunctionRegistry, slots: Slots): Evaluate {
  switch (expression.kind) {
    case "string":
    case "long":
    case "double":
    case "boolean": {
      const value = expression.value;
      return () => value;
    }
    case "array": {
      const items = expression.items.map((item) => compile(item, functions, slots));
      return (context, frame) => items.map((item) => item(context, frame));
    }
    case "map": {
      const entries = expression.entries.map(({ key, value }) => [key, compile(value, functions, slots)] as const);
      return (context, frame) => {
        const result: Record<string, unknown> = {};
        for (const [key, value] of entries) result[key] = value(context, frame);
        return result;
      };
    }
    case "message": {
      const field = expression.field;
      return field === null ? (context) => context.message : (context) => context.message.get(field);
    }
    case "variable": {
      // The checker refused undeclared variables; a variable read before its `let` ran is null.
      const slot = slots.get(expression.name);
      if (slot === undefined) return () => null;
      return (_context, frame) => frame[slot] ?? null;
    }
    case "member": {
      const object = compile(expression.object, functions, slots);
      const name = expression.name;
      return (context, frame) => member(object(context, frame), name);
    }
    case "index": {
      const object = compile(expression.object, functions, slots);
      const index = compile(expression.index, functions, slots);
      return (context, frame) => member(object(context, frame), index(context, frame));
    }
    case "not": {
      const operand = compile(expression.operand, functions, slots);
      return (context, frame) => operand(context, frame) !== true;
    }
    case "negate": {
      const operand = compile(expression.operand, functions, slots);
      return (context, frame) => {
        const value = operand(context, frame);
        return typeof value === "number" ? -value : null;
      };
    }
    case "binary":
      return binary(expression, functions, slots);
    case "call":
      return call(expression, functions, slots);
  }
}

/**
 * A call: its arguments evaluated into the call site's own array (a function reads its arguments during `run`
 * and keeps none of them past it), then the function. Arguments that evaluate to null are passed as null: each
 * function says what null means to it; optional ones left out are undefined.
 */
function call(expression: Extract<Expression, { kind: "call" }>, functions: RuleFunctionRegistry, slots: Slots): Evaluate {
  const fn = functions.find(expression.name) as RuleFunction;
  const args = (expression.resolved ?? []).map((arg) => arg ? compile(arg, functions, slots) : undefined);
  const values: unknown[] = new Array(args.length).fill(undefined);
  const count = args.length;
  return (context, frame) => {
    for (let i = 0; i < count; i++) {
      const arg = args[i];
      values[i] = arg === undefined ? undefined : arg(context, frame);
    }
    return fn.run(values, context);
  };
}

function member(object: unknown, key: unknown): unknown {
  if (object === null || typeof object !== "object") return null;
  if (Array.isArray(object)) return typeof key === "number" ? object[key < 0 ? object.length + key : key] ?? null : null;
  const name = typeof key === "string" ? key : String(key);
  // A message (`$message["field"]`, a created message's fields) answers by field; a map by key.
  const get = (object as { get?: unknown }).get;
  if (typeof get === "function" && typeof (object as { has?: unknown }).has === "function") {
    return (object as { get(field: string): unknown }).get(name);
  }
  return Object.hasOwn(object, name) ? (object as Record<string, unknown>)[name] ?? null : null;
}

function binary(expression: Extract<Expression, { kind: "binary" }>, functions: RuleFunctionRegistry, slots: Slots): Evaluate {
  const left = compile(expression.left, functions, slots);
  const right = compile(expression.right, functions, slots);
  switch (expression.op) {
    case "and":
      return (context, frame) => left(context, frame) === true && right(context, frame) === true;
    case "or":
      return (context, frame) => left(context, frame) === true || right(context, frame) === true;
    case "==":
      return (context, frame) => equal(left(context, frame), right(context, frame));
    case "!=":
      return (context, frame) => !equal(left(context, frame), right(context, frame));
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const op = expression.op;
      return (context, frame) => {
        const a = comparable(left(context, frame));
        const b = comparable(right(context, frame));
        if (a === null || b === null) return false;
        return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
      };
    }
    default: {
      const op = expression.op;
      const integral = expression.left.type === "Long" && expression.right.type === "Long";
      return (context, frame) => {
        const a = left(context, frame);
        const b = right(context, frame);
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
