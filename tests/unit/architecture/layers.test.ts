import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, normalize, relative } from "node:path";

/**
 * Layers run one way (STYLE.md): mock-backend knows nothing of Hono or React, api nothing of React or
 * the embedded backend, ui never imports mock-backend or api internals; `api/schemas` and `shared` are
 * what all sides share.
 */
const ROOT = normalize(join(import.meta.dirname!, "../../.."));

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

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)]
    .map((m) => m[1] ?? m[2]);
}

for (const rule of RULES) {
  Deno.test(`${rule.layer}/ imports only what its layer may use`, () => {
    const violations: string[] = [];
    for (const file of sourceFiles(join(ROOT, rule.layer))) {
      for (const specifier of importsOf(file)) {
        const where = relative(ROOT, file);
        if (specifier.startsWith(".")) {
          const target = relative(ROOT, normalize(join(file, "..", specifier)));
          const allowed = rule.allowedDirs?.some((dir) => target.startsWith(`${dir}/`));
          if (!allowed && rule.forbiddenDirs.some((dir) => target.startsWith(`${dir}/`))) violations.push(`${where} → ${target}`);
        } else if (rule.forbiddenPackages.some((pattern) => pattern.test(specifier))) {
          violations.push(`${where} → ${specifier}`);
        }
      }
    }
    assert.deepEqual(violations, [], `layer violations:\n${violations.join("\n")}`);
  });
}
