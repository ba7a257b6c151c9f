import type { Expression, RuleAst } from "./ast.ts";
import type { RuleFunctionRegistry } from "./function-registry.ts";
import type { ParseEnvironment } from "./rule-function.ts";
import { assignable, isNumeric, type RuleType } from "./rule-types.ts";
import type { RuleParseError } from "./source-position.ts";

/**
 * The checks Graylog makes when it parses a rule, each reported at its position: unknown functions, wrong
 * argument counts or names, arguments of the wrong type, undeclared variables, a condition that is not a boolean,
 * operators on incompatible types, and each function's own checks of constant arguments. Fills in every node's
 * `type` and each call's `resolved` arguments for the compiler.
 */
export function checkRule(rule: RuleAst, functions: RuleFunctionRegistry, env: ParseEnvironment): RuleParseError[] {
  const errors: RuleParseError[] = [];
  const variables = new Map<string, RuleType>();
  const report = (type: RuleParseError["type"], at: { line: number; column: number }, reason: string) =>
    errors.push({ type, line: at.line, position_in_line: at.column, reason });

  const typeOf = (expression: Expression): RuleType => {
    const type = infer(expression);
    expression.type = type;
    return type;
  };

  const infer = (expression: Expression): RuleType => {
    switch (expression.kind) {
      case "string":
        return "String";
      case "long":
        return "Long";
      case "double":
        return "Double";
      case "boolean":
        return "Boolean";
      case "array":
        expression.items.forEach(typeOf);
        return "List";
      case "map":
        expression.entries.forEach((entry) => typeOf(entry.value));
        return "Map";
      case "message":
        return expression.field === null ? "Message" : "Object";
      case "variable": {
        const type = variables.get(expression.name);
        if (type === undefined) report("undeclared_variable", expression.at, `Undeclared variable ${expression.name}`);
        return type ?? "Object";
      }
      case "member":
      case "index": {
        const object = typeOf(expression.object);
        if (expression.kind === "index") typeOf(expression.index);
        if (!["Map", "List", "JsonNode", "Object", "Message"].includes(object)) {
          report("incompatible_type", expression.at, `A ${object} has no fields or elements`);
        }
        return "Object";
      }
      case "not": {
        const operand = typeOf(expression.operand);
        if (!assignable("Boolean", operand)) report("incompatible_type", expression.at, `Expected type Boolean but found ${operand} for operator not`);
        return "Boolean";
      }
      case "negate": {
        const operand = typeOf(expression.operand);
        if (!isNumeric(operand)) report("incompatible_type", expression.at, `Expected a number but found ${operand} for operator -`);
        return operand === "Double" ? "Double" : operand === "Long" ? "Long" : "Object";
      }
      case "binary":
        return binaryType(expression);
      case "call":
        return callType(expression);
    }
  };

  const binaryType = (expression: Extract<Expression, { kind: "binary" }>): RuleType => {
    const left = typeOf(expression.left);
    const right = typeOf(expression.right);
    const incompatible = () => report("incompatible_type", expression.at, `Incompatible types ${left} and ${right} for operator ${expression.op}`);
    switch (expression.op) {
      case "and":
      case "or":
        if (!assignable("Boolean", left) || !assignable("Boolean", right)) incompatible();
        return "Boolean";
      case "==":
      case "!=":
        return "Boolean";
      case "<":
      case "<=":
      case ">":
      case ">=": {
        const dates = (left === "DateTime" || left === "Object") && (right === "DateTime" || right === "Object");
        if (!(isNumeric(left) && isNumeric(right)) && !dates) incompatible();
        return "Boolean";
      }
      default:
        if (!isNumeric(left) || !isNumeric(right)) incompatible();
        return left === "Long" && right === "Long" ? "Long" : left === "Object" || right === "Object" ? "Object" : "Double";
    }
  };

  const callType = (call: Extract<Expression, { kind: "call" }>): RuleType => {
    call.args.forEach((arg) => typeOf(arg.value));
    const fn = functions.find(call.name);
    if (!fn) {
      report("undeclared_function", call.at, `Unknown function ${call.name}`);
      return "Object";
    }
    const named = call.args.filter((arg) => arg.name !== null);
    const resolved: (Expression | undefined)[] = new Array(fn.params.length).fill(undefined);
    if (named.length > 0 && named.length < call.args.length) {
      report("invalid_argument", call.at, `Function ${call.name} was called with positional and named arguments; use one or the other`);
      return fn.returnType;
    }
    if (named.length === 0) {
      const required = fn.params.filter((p) => !p.optional).length;
      if (call.args.length < required || call.args.length > fn.params.length) {
        const expected = required === fn.params.length ? `${required}` : `${required} to ${fn.params.length}`;
        report("wrong_number_of_arguments", call.at, `Expected ${expected} arguments but found ${call.args.length} in call to function ${call.name}`);
        return fn.returnType;
      }
      call.args.forEach((arg, i) => (resolved[i] = arg.value));
    } else {
      for (const arg of named) {
        const index = fn.params.findIndex((p) => p.name === arg.name);
        if (index < 0) report("invalid_argument", arg.at, `Unknown parameter ${arg.name} in call to function ${call.name}`);
        else resolved[index] = arg.value;
      }
      fn.params.forEach((p, i) => {
        if (!p.optional && resolved[i] === undefined) report("wrong_number_of_arguments", call.at, `Missing required parameter ${p.name} in call to function ${call.name}`);
      });
    }
    fn.params.forEach((p, i) => {
      const value = resolved[i];
      if (value && !assignable(p.type, value.type!)) {
        report("incompatible_type", value.at, `Expected type ${p.type} for argument ${p.name} but found ${value.type} in call to function ${call.name}`);
      }
    });
    const problem = fn.check?.(resolved, env);
    if (problem) report("invalid_argument", resolved[problem.index]?.at ?? call.at, problem.reason);
    call.resolved = resolved;
    return fn.returnType;
  };

  const condition = typeOf(rule.when);
  if (!assignable("Boolean", condition)) report("incompatible_type", rule.when.at, `Expected type Boolean but found ${condition} in the rule's condition`);
  for (const statement of rule.then) {
    if (statement.kind === "let") variables.set(statement.name, typeOf(statement.value));
    else typeOf(statement.call);
  }
  return errors.sort((a, b) => a.line - b.line || a.position_in_line - b.position_in_line);
}
