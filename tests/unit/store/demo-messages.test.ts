import assert from "node:assert/strict";
import { generateDemoMessages } from "../../../fixtures/demo-messages.ts";

const options = { count: 5000, end: Date.UTC(2024, 5, 8), spanMs: 7 * 86_400_000 };

Deno.test("the demo generator gives the same messages for the same seed", () => {
  assert.deepEqual([...generateDemoMessages(options)], [...generateDemoMessages(options)]);
});

Deno.test("another seed gives other messages", () => {
  const a = [...generateDemoMessages(options)].slice(0, 20).map((m) => m.message);
  const b = [...generateDemoMessages({ ...options, seed: 99 })].slice(0, 20).map((m) => m.message);
  assert.notDeepEqual(a, b);
});

Deno.test("demo messages come in time order within the span, with the realistic mix of kinds", () => {
  const messages = [...generateDemoMessages(options)];
  assert.equal(messages.length, 5000);
  for (let i = 1; i < messages.length; i++) assert.ok(messages[i].timestamp >= messages[i - 1].timestamp);
  assert.ok(
    messages[0].timestamp >= options.end - options.spanMs && messages.at(-1)!.timestamp < options.end,
  );
  const has = (predicate: (m: (typeof messages)[0]) => boolean) => messages.some(predicate);
  assert.ok(
    has((m) =>
      typeof m.fields?.http_response_code === "number" && typeof m.fields?.client_ip_geolocation === "string"
    ),
  );
  assert.ok(has((m) => m.fields?.application_name === "sshd" && m.fields?.auth_result === "failed"));
  assert.ok(has((m) => typeof m.fields?.exception_class === "string" && m.fullMessage !== undefined));
  assert.ok(has((m) => m.fields?.action === "deny" && typeof m.fields?.dst_port === "number"));
  assert.ok(has((m) => m.facility === "kernel" && m.fields?.application_name === "kernel"));
  assert.ok(has((m) => m.fields?.application_name === "CRON"));
});

Deno.test("daytime hours carry more traffic than the night", () => {
  const hours = new Array(24).fill(0);
  for (const m of generateDemoMessages({ ...options, count: 20_000 })) {
    hours[new Date(m.timestamp).getUTCHours()]++;
  }
  assert.ok(hours[12] > hours[2] * 1.5, `noon ${hours[12]} vs 2am ${hours[2]}`);
});
