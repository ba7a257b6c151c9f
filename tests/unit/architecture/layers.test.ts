import assert from "node:assert/strict";
import { importsOf, sourceFiles } from "./import-graph.ts";

/**
 * Layers run one way (STYLE.md): mock-backend knows nothing of Hono or React, api nothing of React or
 * the embedded backend, ui never imports mock-backend or api internals; `api/schemas` and `shared` are
 * what all sides share.
 */
interface Rule {
  layer: string;
  forbiddenPackages: RegExp[];
  forbiddenDirs: string[];
  allowedDirs?: string[];
}

const RULES: Rule[] = [
  { layer: "shared", forbiddenPackages: [/^hono/, /^@hono\//, /^react/, /^@mantine\//, /^@duckdb\//], forbiddenDirs: ["api", "ui", "mock-backend", "routes", "fixtures"] },
  { layer: "mock-backend", forbiddenPackages: [/^hono/, /^@hono\//, /^react/, /^@mantine\//], forbiddenDirs: ["ui", "routes", "api"], allowedDirs: ["api/schemas"] },
  { layer: "api", forbiddenPackages: [/^react/, /^@mantine\//, /^@duckdb\//], forbiddenDirs: ["ui", "routes", "mock-backend", "fixtures"] },
  { layer: "ui", forbiddenPackages: [/^hono/, /^@hono\//, /^@duckdb\//], forbiddenDirs: ["mock-backend", "fixtures", "api"], allowedDirs: ["api/schemas"] },
];

for (const rule of RULES) {
  Deno.test(`${rule.layer}/ imports only what its layer may use`, () => {
    const violations: string[] = [];
    for (const file of sourceFiles(rule.layer)) {
      for (const { specifier, target } of importsOf(file)) {
        if (target !== null) {
          const allowed = rule.allowedDirs?.some((dir) => target.startsWith(`${dir}/`));
          if (!allowed && rule.forbiddenDirs.some((dir) => target.startsWith(`${dir}/`))) violations.push(`${file} → ${target}`);
        } else if (rule.forbiddenPackages.some((pattern) => pattern.test(specifier))) {
          violations.push(`${file} → ${specifier}`);
        }
      }
    }
    assert.deepEqual(violations, [], `layer violations:\n${violations.join("\n")}`);
  });
}
