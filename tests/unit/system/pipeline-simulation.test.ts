import assert from "node:assert/strict";
import { fieldRows, simulationMessage } from "../../../ui/system/pipelines/logic/simulation.ts";

Deno.test("a pasted JSON object is the message's fields; other text is a raw message from the simulator", () => {
  assert.deepEqual(simulationMessage('{"message": "x", "level": 3}'), { message: "x", level: 3 });
  assert.deepEqual(simulationMessage("GET /index.html 200"), { message: "GET /index.html 200", source: "simulator" });
  assert.deepEqual(simulationMessage("{not json"), { message: "{not json", source: "simulator" });
  assert.equal(simulationMessage("   "), null);
});

Deno.test("the processed message's fields are marked added, changed, removed or unchanged, by name, without the bookkeeping fields", () => {
  const rows = fieldRows(
    { message: "m", http_method: "GET", tmp: "x" },
    { message: "m", http_method: "get", http_status_phrase: "Not Found", streams: ["s"], timestamp: "2026-01-01T00:00:00.000Z" },
  );
  assert.deepEqual(rows, [
    { field: "http_method", value: "get", change: "changed" },
    { field: "http_status_phrase", value: "Not Found", change: "added" },
    { field: "message", value: "m", change: "unchanged" },
    { field: "tmp", value: "x", change: "removed" },
  ]);
});
