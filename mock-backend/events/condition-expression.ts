import type { ConditionExpression } from "../../api/schemas/events.ts";

/** Series values of one aggregation result by series id; null when the series has no value (no data). */
export type SeriesValues = ReadonlyMap<string, number | null>;

type Value = number | boolean | null;
type Evaluator<E extends ConditionExpression["expr"]> = (
  expression: Extract<ConditionExpression, { expr: E }>,
  values: SeriesValues,
) => Value;

type Operands = { left: ConditionExpression; right: ConditionExpression };

const compare =
  (test: (left: number, right: number) => boolean) => (expression: Operands, values: SeriesValues): Value => {
    const left = evaluate(expression.left, values);
    const right = evaluate(expression.right, values);
    // A series without a value (e.g. avg over no messages) satisfies no comparison.
    return typeof left === "number" && typeof right === "number" ? test(left, right) : false;
  };

/** How each expression kind evaluates; a new kind does not compile until it is listed. */
const EVALUATORS: { [E in ConditionExpression["expr"]]: Evaluator<E> } = {
  "number": (expression) => expression.value,
  "number-ref": (expression, values) => values.get(expression.ref) ?? null,
  "<": compare((a, b) => a < b),
  "<=": compare((a, b) => a <= b),
  ">": compare((a, b) => a > b),
  ">=": compare((a, b) => a >= b),
  "==": compare((a, b) => a === b),
  "&&": (expression, values) =>
    evaluate(expression.left, values) === true && evaluate(expression.right, values) === true,
  "||": (expression, values) =>
    evaluate(expression.left, values) === true || evaluate(expression.right, values) === true,
  "!": (expression, values) => evaluate(expression.left, values) !== true,
  "group": (expression, values) => evaluate(expression.child, values),
};

function evaluate(expression: ConditionExpression, values: SeriesValues): Value {
  return (EVALUATORS[expression.expr] as Evaluator<ConditionExpression["expr"]>)(expression, values);
}

/**
 * Whether an aggregation result satisfies a definition's conditions. Without an expression every result does
 * (Graylog: an aggregation without conditions creates an event for each result).
 */
export function satisfiesConditions(expression: ConditionExpression | null, values: SeriesValues): boolean {
  return expression === null || evaluate(expression, values) === true;
}
