import assert from "node:assert/strict";
import type { ConditionExpression } from "../../../api/schemas/events.ts";
import { satisfiesConditions } from "../../../mock-backend/events/condition-expression.ts";
import { eventId } from "../../../mock-backend/events/event-id.ts";
import { javaDouble } from "../../../mock-backend/events/java-double.ts";

const ref = (id: string): ConditionExpression => ({ expr: "number-ref", ref: id });
const num = (value: number): ConditionExpression => ({ expr: "number", value });

Deno.test("conditions compare series values by id and combine with &&, ||, ! and groups", () => {
  const values = new Map<string, number | null>([["count-", 5], ["avg-", null]]);
  assert.equal(satisfiesConditions({ expr: ">", left: ref("count-"), right: num(4) }, values), true);
  assert.equal(satisfiesConditions({ expr: ">", left: ref("count-"), right: num(5) }, values), false);
  assert.equal(satisfiesConditions({ expr: ">=", left: ref("count-"), right: num(5) }, values), true);
  assert.equal(satisfiesConditions({ expr: "==", left: ref("count-"), right: num(5) }, values), true);
  assert.equal(satisfiesConditions({ expr: "<=", left: ref("count-"), right: num(4) }, values), false);
  assert.equal(
    satisfiesConditions({ expr: "!", left: { expr: "<", left: ref("count-"), right: num(4) } }, values),
    true,
  );
  const both: ConditionExpression = {
    expr: "group",
    child: {
      expr: "||",
      left: { expr: "<", left: ref("count-"), right: num(1) },
      right: { expr: "==", left: ref("count-"), right: num(5) },
    },
  };
  assert.equal(satisfiesConditions(both, values), true);
  assert.equal(
    satisfiesConditions(
      { expr: "&&", left: both, right: { expr: ">", left: ref("count-"), right: num(9) } },
      values,
    ),
    false,
  );
});

Deno.test("a series without a value satisfies no comparison, and no expression means every result fires", () => {
  const values = new Map<string, number | null>([["avg-", null]]);
  assert.equal(satisfiesConditions({ expr: ">", left: ref("avg-"), right: num(0) }, values), false);
  assert.equal(satisfiesConditions({ expr: "<", left: ref("avg-"), right: num(0) }, values), false);
  assert.equal(satisfiesConditions({ expr: ">", left: ref("unknown"), right: num(0) }, values), false);
  assert.equal(satisfiesConditions(null, values), true);
});

Deno.test("series values print as Java doubles, as Graylog's event messages show them", () => {
  assert.equal(javaDouble(64), "64.0");
  assert.equal(javaDouble(0), "0.0");
  assert.equal(javaDouble(1.5), "1.5");
  assert.equal(javaDouble(-3), "-3.0");
  assert.equal(javaDouble(12_345_678), "1.2345678E7");
  assert.equal(javaDouble(10_000_000), "1.0E7");
  assert.equal(javaDouble(0.0005), "5.0E-4");
});

Deno.test("event ids are ULIDs of the event time, the same for the same event and different for another key", () => {
  const time = Date.UTC(2026, 10, 22, 10, 4, 59, 999);
  const id = eventId(time, "def|1|10.0.0.1");
  assert.match(id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.equal(id, eventId(time, "def|1|10.0.0.1"));
  assert.notEqual(id, eventId(time, "def|1|10.0.0.2"));
  assert.equal(id.slice(0, 10), eventId(time, "other").slice(0, 10), "the first 10 characters are the time");
  assert.ok(eventId(time + 1, "x").slice(0, 10) > id.slice(0, 10));
});
