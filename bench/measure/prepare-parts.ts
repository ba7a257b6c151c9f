/** One-off: what the JS side of an ingest batch costs per part (tokenising, JSON, routing), per message. */
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { analyze } from "../../mock-backend/search/field-catalog.ts";
const N = 300_000;
const msgs = [...generateDemoMessages({ count: N, end: Date.UTC(2024, 5, 8), spanMs: 7 * 86400_000 })];
function time(label: string, work: () => unknown) {
  const t = performance.now();
  work();
  console.log(`${label.padEnd(28)} ${((performance.now() - t) * 1000 / N).toFixed(2)} µs/msg`);
}
const ASCII_TOKEN = /[a-z0-9_]+(?:['.][a-z0-9_]+)*/g;
time("analyze", () => { for (const m of msgs) analyze(m.message); });
time("analyze+join", () => { for (const m of msgs) ` ${analyze(m.message).join(" ")} `; });
time("ascii fast path+join", () => {
  for (const m of msgs) {
    const lower = m.message.toLowerCase();
    // deno-lint-ignore no-control-regex
    const tokens = /^[\x00-\x7f]*$/.test(lower) ? lower.match(ASCII_TOKEN) : analyze(lower);
    ` ${(tokens ?? []).join(" ")} `;
  }
});
time("stringify row", () => { for (const m of msgs) JSON.stringify({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, streams: ["a"], ...m.fields }); });
time("randomUUID", () => { for (let i = 0; i < N; i++) crypto.randomUUID(); });
