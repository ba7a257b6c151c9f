import assert from "node:assert/strict";
import type { EventDefinition } from "../../../api/schemas/events.ts";
import {
  conditionSummary,
  definitionBody,
  definitionFormValues,
  type DefinitionFormValues,
  NEW_DEFINITION,
  stepErrors,
} from "../../../ui/alerts/logic/event-definition-form.ts";

const values = (overrides: Partial<DefinitionFormValues>): DefinitionFormValues => ({ ...NEW_DEFINITION, title: "Slow and failing", ...overrides });

/** The body as the server would store it (the read-only fields added). */
const stored = (body: ReturnType<typeof definitionBody>): EventDefinition => ({
  ...body,
  id: "5f0c1e5a00000000000009aa",
  config: { ...body.config, conditions: body.config.conditions ?? { expression: null } },
  _scope: "DEFAULT",
  updated_at: null,
  matched_at: null,
});

Deno.test("several aggregation series become series with ids and their comparisons joined by all (&&) or any (||)", () => {
  const form = values({
    groupBy: ["source"],
    aggregations: [
      { seriesFunction: "count", seriesField: "", operator: ">=", threshold: 10 },
      { seriesFunction: "avg", seriesField: "response_time_ms", operator: ">", threshold: 500 },
      { seriesFunction: "max", seriesField: "bytes", operator: "<", threshold: 3 },
    ],
    combine: "||",
  });
  const body = definitionBody(form);
  assert.deepEqual(body.config.series, [
    { id: "series-0", type: "count", field: null },
    { id: "series-1", type: "avg", field: "response_time_ms" },
    { id: "series-2", type: "max", field: "bytes" },
  ]);
  const compare = (expr: string, ref: string, value: number) => ({ expr, left: { expr: "number-ref", ref }, right: { expr: "number", value } });
  assert.deepEqual(body.config.conditions?.expression, {
    expr: "||",
    left: { expr: "||", left: compare(">=", "series-0", 10), right: compare(">", "series-1", 500) },
    right: compare("<", "series-2", 3),
  });
  const back = definitionFormValues(stored(body), true);
  assert.deepEqual([back.conditionType, back.aggregations, back.combine], ["aggregation", form.aggregations, "||"]);
  assert.equal(
    conditionSummary(form),
    'Create an event when count() >= 10 or avg(response_time_ms) > 500 or max(bytes) < 3 over all messages grouped by source in the last 5 minutes (run every 5 minutes).',
  );
});

Deno.test("every series but count needs a field, named by its row", () => {
  const form = values({
    aggregations: [
      { seriesFunction: "count", seriesField: "", operator: ">", threshold: 1 },
      { seriesFunction: "avg", seriesField: " ", operator: ">", threshold: 1 },
    ],
  });
  assert.deepEqual(stepErrors(1, form), { "aggregations.1.seriesField": "Field is required." });
});

Deno.test("'Source went silent' is count() < 1 grouped by the watched field, and reads back as itself", () => {
  const form = values({ conditionType: "silence", silentField: "source", searchWithin: 10, executeEvery: 1, query: "application_name:nginx" });
  const body = definitionBody(form);
  assert.deepEqual(body.config.group_by, ["source"]);
  assert.deepEqual(body.config.series, [{ id: "series-0", type: "count", field: null }]);
  assert.deepEqual(body.config.conditions?.expression, {
    expr: "<",
    left: { expr: "number-ref", ref: "series-0" },
    right: { expr: "number", value: 1 },
  });
  assert.deepEqual([body.config.search_within_ms, body.config.execute_every_ms], [600_000, 60_000]);
  const back = definitionFormValues(stored(body), true);
  assert.deepEqual([back.conditionType, back.silentField], ["silence", "source"]);
  assert.deepEqual(stepErrors(1, { ...form, silentField: "" }), { silentField: "Field is required." });
  assert.equal(
    conditionSummary(form),
    'Create an event when a source that sent messages matching "application_name:nginx" has sent none for 10 minutes (checked every 1 minute).',
  );
});
