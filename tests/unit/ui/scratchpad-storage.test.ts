import assert from "node:assert/strict";
import { DEFAULT_SCRATCHPAD, loadScratchpad, saveScratchpad, scratchpadKey } from "../../../ui/scratchpad/scratchpad-storage.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

Deno.test("a user who never used the scratchpad gets the defaults: closed, empty, warning not yet confirmed", () => {
  assert.deepEqual(loadScratchpad(memoryStorage(), "admin"), DEFAULT_SCRATCHPAD);
  assert.deepEqual(DEFAULT_SCRATCHPAD, { opened: false, value: "", size: { width: 450, height: 400 }, position: { x: 0, y: 0 }, securityConfirmed: false });
});

Deno.test("saved notes are kept per login name", () => {
  const storage = memoryStorage();
  saveScratchpad(storage, "admin", { value: "remember the milk", opened: true });
  assert.equal(loadScratchpad(storage, "admin").value, "remember the milk");
  assert.equal(loadScratchpad(storage, "admin").opened, true);
  assert.deepEqual(loadScratchpad(storage, "reader"), DEFAULT_SCRATCHPAD);
  assert.ok(storage.items.has(scratchpadKey("admin")));
});

Deno.test("saving a change keeps the other fields", () => {
  const storage = memoryStorage();
  saveScratchpad(storage, "admin", { value: "notes", securityConfirmed: true });
  const next = saveScratchpad(storage, "admin", { size: { width: 600, height: 300 } });
  assert.deepEqual(next, { ...DEFAULT_SCRATCHPAD, value: "notes", securityConfirmed: true, size: { width: 600, height: 300 } });
  assert.deepEqual(loadScratchpad(storage, "admin"), next);
});

Deno.test("malformed stored data falls back to the defaults instead of breaking the panel", () => {
  for (const raw of ["{not json", "null", "42", '"text"', "[]"]) {
    assert.deepEqual(loadScratchpad(memoryStorage({ [scratchpadKey("admin")]: raw }), "admin"), DEFAULT_SCRATCHPAD, raw);
  }
});

Deno.test("fields of the wrong type fall back one by one", () => {
  const raw = JSON.stringify({ opened: "yes", value: 42, size: { width: "wide", height: 10 }, position: { x: 5, y: 7 }, securityConfirmed: "true" });
  assert.deepEqual(loadScratchpad(memoryStorage({ [scratchpadKey("admin")]: raw }), "admin"), {
    ...DEFAULT_SCRATCHPAD,
    position: { x: 5, y: 7 },
  });
});
