import assert from "node:assert/strict";
import { progressLog } from "../../../mock-backend/progress-log.ts";

Deno.test("long work says how far it is at most once per interval, short work says nothing", () => {
  let clock = 0;
  const lines: string[] = [];
  const report = progressLog("Indexing the message terms", (line) => lines.push(line), {
    everyMs: 5000,
    now: () => clock,
  });
  clock = 4000;
  report(122_880, 10_000_000);
  assert.deepEqual(lines, [], "not before the first interval");
  clock = 5000;
  report(245_760, 10_000_000);
  clock = 9000;
  report(368_640, 10_000_000);
  clock = 10_500;
  report(4_999_999, 10_000_000);
  clock = 20_000;
  report(10_000_000, 10_000_000);
  assert.deepEqual(lines, [
    "Indexing the message terms: 245,760 of 10,000,000 messages (2%)",
    "Indexing the message terms: 4,999,999 of 10,000,000 messages (49%)",
  ]);
});
