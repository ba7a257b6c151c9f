import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** The repository root. */
export const ROOT = normalize(join(import.meta.dirname!, "../../.."));

/** One import or re-export of a module: what it names and whether only types are imported. */
export interface ModuleImport {
  specifier: string;
  /** The target relative to the root, for relative specifiers; null for packages. */
  target: string | null;
  typeOnly: boolean;
  /** A worker's module (`new Worker(new URL(…))`): loaded in its own isolate, not evaluated by the importer. */
  worker: boolean;
}

/** Every .ts/.tsx file under a directory of the root (relative paths), or the file itself. */
export function sourceFiles(path: string): string[] {
  const absolute = join(ROOT, path);
  if (!statSync(absolute).isDirectory()) return /\.(ts|tsx)$/.test(path) ? [path] : [];
  return readdirSync(absolute).flatMap((name) => sourceFiles(join(path, name)));
}

const IMPORT =
  /(?:^|\n)\s*(import|export)(\s+type\b)?[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|new Worker\(\s*new URL\(\s*["']([^"']+)["']/g;

/** The imports of one source file (static, re-exports, dynamic `import("…")` and worker modules). */
export function importsOf(file: string): ModuleImport[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(IMPORT)].map((m) => {
    const specifier = m[3] ?? m[4] ?? m[5];
    const target = specifier.startsWith(".") ? relative(ROOT, normalize(join(ROOT, dirname(file), specifier))) : null;
    return { specifier, target, typeOnly: m[2] !== undefined, worker: m[5] !== undefined };
  });
}
