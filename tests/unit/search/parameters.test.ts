import assert from "node:assert/strict";
import { ParameterSchema } from "../../../api/schemas/search.ts";
import {
  parameterValues,
  substituteParameters,
  UnboundParameterError,
} from "../../../mock-backend/search/parameters.ts";

const parameter = (overrides: Record<string, unknown>) =>
  ParameterSchema.parse({ type: "value-parameter-v1", name: "p", ...overrides });

Deno.test("an execution binding wins over the parameter's own binding, which wins over its default value", () => {
  const parameters = [
    parameter({ name: "a", default_value: "dflt", binding: { type: "value", value: "own" } }),
    parameter({ name: "b", default_value: "dflt", binding: { type: "value", value: "own" } }),
    parameter({ name: "c", default_value: 404 }),
  ];
  const values = parameterValues({ parameters }, { a: { type: "value", value: "exec" } });
  assert.equal(substituteParameters("x:$a$ y:$b$ z:$c$", values), "x:exec y:own z:404");
});

Deno.test("an optional parameter without a value becomes empty text; a required one is unbound", () => {
  const values = parameterValues({ parameters: [parameter({ name: "opt", optional: true }), parameter({ name: "req" })] }, {});
  assert.equal(substituteParameters("a$opt$b", values), "ab");
  assert.throws(() => substituteParameters("source:$req$", values), (error: unknown) =>
    error instanceof UnboundParameterError && error.parameter === "req" &&
    error.message === "Unbound required parameter used: req");
});

Deno.test("undeclared names and lone dollar signs stay as written; every use of a name is replaced", () => {
  const values = parameterValues({ parameters: [parameter({ name: "host" })] }, { host: { type: "value", value: "web-01" } });
  assert.equal(substituteParameters("source:$host$ OR dest:$host$ OR $other$ OR price:$5", values), "source:web-01 OR dest:web-01 OR $other$ OR price:$5");
});
