import assert from "node:assert/strict";
import type { IncomingMessage } from "../../../mock-backend/store/incoming-message.ts";
import { type RoutedStream, type StreamRule, type StreamRuleType, StreamRouter } from "../../../mock-backend/store/stream-router.ts";

const DEFAULT: RoutedStream = {
  id: "default",
  title: "Default Stream",
  isDefault: true,
  disabled: false,
  indexSetId: "set",
  removeMatchesFromDefaultStream: false,
  matchingType: "AND",
  rules: [],
};

let ruleIds = 0;
const rule = (field: string, type: StreamRuleType, value = "", inverted = false): StreamRule => ({
  id: `rule-${ruleIds++}`,
  field,
  type,
  value,
  inverted,
  description: "",
});

const stream = (id: string, rules: StreamRule[], overrides: Partial<RoutedStream> = {}): RoutedStream => ({
  ...DEFAULT,
  id,
  title: id,
  isDefault: false,
  rules,
  ...overrides,
});

const message = (fields: Record<string, string | number>, overrides: Partial<IncomingMessage> = {}): IncomingMessage => ({
  timestamp: 0,
  source: "web-01",
  message: "GET /cart 200",
  fields,
  ...overrides,
});

Deno.test("streams that share a rule each get its outcome, for every message anew", () => {
  const nginx = rule("application_name", "exact", "nginx");
  const router = new StreamRouter([
    DEFAULT,
    stream("web", [{ ...nginx }, rule("http_method", "presence")]),
    stream("not-web", [{ ...nginx, id: "copy", inverted: true }]),
    stream("nginx-or-error", [{ ...nginx, id: "again" }, rule("message", "regex", "error")], { matchingType: "OR" }),
  ]);
  assert.deepEqual(router.route(message({ application_name: "nginx", http_method: "GET" })), ["default", "web", "nginx-or-error"]);
  assert.deepEqual(router.route(message({ application_name: "sshd" })), ["default", "not-web"]);
  assert.deepEqual(router.route(message({ application_name: "sshd" }, { message: "error: refused" })), ["default", "not-web", "nginx-or-error"]);
  assert.deepEqual(router.route(message({ application_name: "nginx" })), ["default", "nginx-or-error"]);
});

Deno.test("the rule order does not change a stream's outcome (cheap rules are tried first)", () => {
  const rules = [rule("message", "regex", "^GET"), rule("http_response_code", "greater", "399"), rule("source", "contains", "web")];
  const reversed = [...rules].reverse();
  const router = new StreamRouter([
    DEFAULT,
    stream("all", rules),
    stream("all-reversed", reversed),
    stream("any", rules, { matchingType: "OR" }),
    stream("any-reversed", reversed, { matchingType: "OR" }),
  ]);
  assert.deepEqual(router.route(message({ http_response_code: 404 })), ["default", "all", "all-reversed", "any", "any-reversed"]);
  assert.deepEqual(router.route(message({ http_response_code: 200 })), ["default", "any", "any-reversed"]);
  assert.deepEqual(router.route(message({ http_response_code: 200 }, { source: "db-01", message: "POST" })), ["default"]);
});

Deno.test("a matching stream that removes its matches from the default stream; paused streams route nothing", () => {
  const router = new StreamRouter([
    DEFAULT,
    stream("errors", [rule("level", "smaller", "4")], { removeMatchesFromDefaultStream: true }),
    stream("paused", [rule("message", "always_match")], { disabled: true }),
    stream("input", [rule("gl2_source_input", "match_input", "input-1")]),
  ]);
  assert.deepEqual(router.route(message({}, { level: 3 })), ["errors"]);
  assert.deepEqual(router.route(message({}, { level: 6, inputId: "input-1" })), ["default", "input"]);
  assert.deepEqual(router.route(message({}, { streams: ["paused", "input"] })), ["default", "input"]);
});

/** The routing as Graylog describes it, rule by rule in the given order, with nothing shared. */
function reference(streams: RoutedStream[], incoming: IncomingMessage): string[] {
  const value = (field: string) =>
    ({ message: incoming.message, source: incoming.source, level: incoming.level } as Record<string, unknown>)[field] ?? incoming.fields?.[field];
  const matches = (r: StreamRule): boolean => {
    const v = value(r.field);
    const outcome = {
      exact: () => v !== undefined && String(v) === r.value,
      greater: () => v !== undefined && Number(v) > Number(r.value),
      smaller: () => v !== undefined && Number(v) < Number(r.value),
      regex: () => v !== undefined && new RegExp(r.value, "u").test(String(v)),
      presence: () => v !== undefined && v !== "",
      contains: () => v !== undefined && String(v).includes(r.value),
      always_match: () => true,
      match_input: () => incoming.inputId === r.value,
    }[r.type]();
    return r.inverted ? !outcome : outcome;
  };
  const matched = streams.filter((s) =>
    !s.isDefault && !s.disabled && s.rules.length > 0 && (s.matchingType === "AND" ? s.rules.every(matches) : s.rules.some(matches))
  );
  const removed = matched.some((s) => s.removeMatchesFromDefaultStream);
  return [...(removed ? [] : ["default"]), ...matched.map((s) => s.id)];
}

Deno.test("50 streams of 5 shared and distinct rules route 2,000 random messages as the rule-by-rule reference does", () => {
  let seed = 42;
  const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const candidates: (() => StreamRule)[] = [
    () => rule("source", "contains", `-0${random(5)}`, random(4) === 0),
    () => rule("http_method", "presence", "", random(5) === 0),
    () => rule("http_response_code", "greater", String(100 * (1 + random(5)))),
    () => rule("http_response_code", "smaller", String(100 * (1 + random(5)))),
    () => rule("message", "regex", random(2) === 0 ? "^GET /[a-z]+" : "(error|refused)"),
    () => rule("application_name", "exact", random(2) === 0 ? "nginx" : "sshd", random(3) === 0),
    () => rule("level", "smaller", String(random(8))),
  ];
  const streams = [
    DEFAULT,
    ...Array.from({ length: 50 }, (_, i) =>
      stream(`s${i}`, Array.from({ length: 5 }, () => candidates[random(candidates.length)]()), {
        matchingType: random(3) === 0 ? "OR" : "AND",
        removeMatchesFromDefaultStream: random(10) === 0,
      })),
  ];
  const router = new StreamRouter(streams);
  for (let i = 0; i < 2000; i++) {
    const fields: Record<string, string | number> = { application_name: random(2) === 0 ? "nginx" : "sshd" };
    if (random(2) === 0) (fields.http_method = "GET", fields.http_response_code = 100 * (1 + random(5)));
    const incoming = message(fields, {
      source: `web-0${random(6)}`,
      message: ["GET /cart", "connection refused", "POST /pay", "error: timeout"][random(4)],
      level: random(8),
    });
    assert.deepEqual(router.route(incoming), reference(streams, incoming), JSON.stringify(incoming));
  }
});
