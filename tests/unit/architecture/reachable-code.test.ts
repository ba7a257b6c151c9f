import assert from "node:assert/strict";
import { importsOf, sourceFiles } from "./import-graph.ts";

/**
 * No code is reachable only from tests (STYLE.md: no dead code): every module outside tests/ is imported,
 * directly or through others, by an entry point: the server (main.ts), a script, a benchmark or a client entry.
 * A module only tests import is either used or removed (git history keeps it).
 */
const ENTRY_DIRS = ["scripts", "bench"];
const ENTRY_FILES = ["main.ts", "routes/client-entry.tsx", "routes/client-entry-staged.ts"];
const SOURCE_DIRS = ["api", "mock-backend", "routes", "shared", "ui", "fixtures", "scripts", "bench", "main.ts", "app.ts", "config.ts"];

/** Modules built ahead of their first user, who is building it now: each with who and why. */
const ALLOWED: Record<string, string> = {
  ...Object.fromEntries(
    [
      "ui/common/paginated-list/PaginatedItemList.tsx",
      "ui/common/paginated-list/logic/latest-request.ts",
      "ui/common/paginated-list/use-paginated-loader.ts",
    ].map((module) => [
      module,
      "the paginated list's loader and item list, built for the administration areas' lists (admin's zone: to be used or removed there)",
    ]),
  ),
};

/** Every module an entry point reaches through imports (type-only ones included: a used type is used code). */
function reachable(): Set<string> {
  const entries = [...ENTRY_FILES, ...ENTRY_DIRS.flatMap((dir) => sourceFiles(dir).filter((file) => file.split("/").length === 2))];
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const module = pending.pop()!;
    if (seen.has(module)) continue;
    seen.add(module);
    for (const { target } of importsOf(module)) if (target !== null && /\.tsx?$/.test(target)) pending.push(target);
  }
  return seen;
}

Deno.test("every module outside tests/ is reached from the server, a script, a benchmark or a client entry", () => {
  const reached = reachable();
  const unreached = SOURCE_DIRS.flatMap(sourceFiles).filter((module) => !reached.has(module));
  const refused = unreached.filter((module) => !(module in ALLOWED));
  assert.deepEqual(refused, [], `modules only tests (or nothing) import:\n${refused.join("\n")}`);
  const stale = Object.keys(ALLOWED).filter((module) => !unreached.includes(module));
  assert.deepEqual(stale, [], `allow-listed modules now reached (remove the entry):\n${stale.join("\n")}`);
});
