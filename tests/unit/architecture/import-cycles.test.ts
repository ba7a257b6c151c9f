import assert from "node:assert/strict";
import { importsOf, sourceFiles } from "./import-graph.ts";

/**
 * No import cycles among the modules (STYLE.md: layers and features run one way). Only imports that run
 * code count: `import type` is erased, so a type-only loop (e.g. the query AST and its node kinds) is fine.
 */
const TOP_LEVEL = ["main.ts", "app.ts", "config.ts", "api", "mock-backend", "routes", "shared", "ui", "fixtures", "scripts", "bench"];

/** Known cycles being removed, as their modules sorted and joined by " ↔ ", with why. */
const ALLOWED: Record<string, string> = {};

/** The runtime import graph: module → the modules it imports for their values. */
function runtimeGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of TOP_LEVEL.flatMap(sourceFiles)) {
    graph.set(file, importsOf(file).filter((i) => !i.typeOnly && !i.worker && i.target !== null).map((i) => i.target!));
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan), each sorted. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (module: string) => {
    index.set(module, next);
    low.set(module, next++);
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module)!, index.get(target)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)!.includes(module)) cycles.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return cycles;
}

Deno.test("no module imports itself back through others", () => {
  const cycles = cyclesOf(runtimeGraph()).map((cycle) => cycle.join(" ↔ "));
  const refused = cycles.filter((cycle) => !(cycle in ALLOWED));
  assert.deepEqual(refused, [], `import cycles:\n${refused.join("\n")}`);
  const stale = Object.keys(ALLOWED).filter((cycle) => !cycles.includes(cycle));
  assert.deepEqual(stale, [], `allow-listed cycles that are gone (remove the entry):\n${stale.join("\n")}`);
});

Deno.test("a loop of three modules is found as one cycle; a chain is not", () => {
  const graph = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]);
  assert.deepEqual(cyclesOf(graph), [["a", "b", "c"]]);
  assert.deepEqual(cyclesOf(new Map([["a", ["b"]], ["b", []]])), []);
});
