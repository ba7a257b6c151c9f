/**
 * An esbuild plugin that turns named imports from a package's "barrel" (its index re-exporting every
 * component) into imports of the modules that define them.
 *
 * Why: with code splitting, esbuild assigns whole files to chunks by following every import of every file an
 * entry reaches, used or not. A barrel reached from the client entry therefore drags every component that any
 * lazy page uses (NumberInput, ColorPicker, Slider, … of @mantine/core; every icon of @tabler/icons-react)
 * into a chunk the login page loads. Importing the defining modules directly lets each land with its users.
 * Names the barrel does not re-export from a module (types, namespaces) keep their import from the barrel.
 */
import type { Loader, Plugin, PluginBuild } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, resolve as resolvePath } from "node:path";

export interface BarrelImportsOptions {
  /** Package names whose barrel is split, e.g. "@mantine/core". */
  packages: readonly string[];
}

/** Where a name exported by a barrel is defined: the module (as the barrel names it) and its name there. */
interface Definition {
  specifier: string;
  /** The barrel's folder, which `specifier` is resolved from. */
  from: string;
  name: string;
}

const LOADERS: Record<string, Loader> = {
  ".ts": "ts",
  ".tsx": "tsx",
  ".js": "js",
  ".mjs": "js",
  ".jsx": "jsx",
};

export function barrelImports({ packages }: BarrelImportsOptions): Plugin {
  const specifiers = packages.map((name) => name.replace(/[/.]/g, "\\$&")).join("|");
  const importPattern = new RegExp(
    `\\bimport\\s*(type\\s+)?\\{([^}]*)\\}\\s*from\\s*(["'])(${specifiers})\\3\\s*;?`,
    "g",
  );
  const barrels = new Map<string, Map<string, Definition>>();

  return {
    name: "barrel-imports",
    setup(build) {
      build.onLoad({ filter: /\.(tsx?|jsx?|mjs)$/ }, async (args) => {
        if (args.namespace !== "file") return undefined;
        const source = readFileSync(args.path, "utf8");
        if (!packages.some((name) => source.includes(name))) return undefined;
        const matches = [...source.matchAll(importPattern)].filter((match) => !match[1]);
        if (matches.length === 0) return undefined;
        const resolveDir = dirname(args.path);
        let contents = "";
        let last = 0;
        for (const match of matches) {
          const barrelPath = await resolveBarrel(build, match[4], resolveDir);
          let definitions = barrels.get(barrelPath);
          if (!definitions) barrels.set(barrelPath, definitions = barrelExports(barrelPath));
          const statement = await rewriteImport(build, match[2], match[3] + match[4] + match[3], definitions);
          contents += source.slice(last, match.index) + statement;
          last = match.index + match[0].length;
        }
        contents += source.slice(last);
        const extension = args.path.slice(args.path.lastIndexOf("."));
        return { contents, loader: LOADERS[extension], resolveDir };
      });
    },
  };
}

/** Resolves as esbuild would (package exports, real paths); each specifier and folder once per build. */
const resolutions = new WeakMap<PluginBuild, Map<string, Promise<string>>>();

function resolveBarrel(build: PluginBuild, specifier: string, resolveDir: string): Promise<string> {
  let cache = resolutions.get(build);
  if (!cache) resolutions.set(build, cache = new Map());
  const key = `${resolveDir}\0${specifier}`;
  let path = cache.get(key);
  if (!path) {
    path = build.resolve(specifier, { kind: "import-statement", resolveDir }).then((resolved) => {
      if (resolved.errors.length > 0 || !resolved.path) {
        throw new Error(`barrel-imports: cannot resolve ${specifier} from ${resolveDir}`);
      }
      return resolved.path;
    });
    cache.set(key, path);
  }
  return path;
}

/** One import statement per defining module; what the barrel does not map stays imported from it. */
async function rewriteImport(
  build: PluginBuild,
  clause: string,
  quotedBarrel: string,
  definitions: Map<string, Definition>,
): Promise<string> {
  const kept: string[] = [];
  const direct: string[] = [];
  for (const raw of clause.split(",")) {
    const specifier = raw.trim();
    if (!specifier || specifier.startsWith("type ")) continue; // type-only: erased anyway
    const [imported, local = imported] = specifier.split(/\s+as\s+/).map((part) => part.trim());
    const definition = definitions.get(imported);
    if (!definition) {
      kept.push(specifier);
      continue;
    }
    const file = await resolveBarrel(build, definition.specifier, definition.from);
    direct.push(`import { ${definition.name} as ${local} } from ${JSON.stringify(file)};`);
  }
  // Keep the line count so that source maps and error positions stay right.
  const lines = "\n".repeat((clause.match(/\n/g) ?? []).length);
  return (kept.length > 0 ? `import { ${kept.join(", ")} } from ${quotedBarrel};` : "") + direct.join(" ") +
    lines;
}

/**
 * The names a barrel re-exports from other modules, read from its ESM text: `export { a as b } from "./x"`,
 * and `import { a as b } from "./x"` followed by `export { b as c }`. `export *` is followed into its module.
 */
function barrelExports(barrelPath: string, seen = new Set<string>()): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  if (seen.has(barrelPath)) return definitions;
  seen.add(barrelPath);
  const source = readFileSync(barrelPath, "utf8");
  const dir = dirname(barrelPath);
  const imported = new Map<string, Definition>();
  for (const match of source.matchAll(/\bimport\s*\{([^}]*)\}\s*from\s*(["'])([^"']+)\2/g)) {
    for (const [name, local] of specifierPairs(match[1])) {
      imported.set(local, { specifier: match[3], from: dir, name });
    }
  }
  for (const match of source.matchAll(/\bexport\s*\{([^}]*)\}\s*(?:from\s*(["'])([^"']+)\2)?/g)) {
    for (const [name, exported] of specifierPairs(match[1])) {
      const definition = match[3] ? { specifier: match[3], from: dir, name } : imported.get(name);
      if (definition) definitions.set(exported, definition);
    }
  }
  for (const match of source.matchAll(/\bexport\s*\*\s*from\s*(["'])(\.[^"']+)\1/g)) {
    const target = resolvePath(dir, match[2]);
    for (const [name, definition] of barrelExports(target, seen)) {
      if (!definitions.has(name)) definitions.set(name, definition);
    }
  }
  return definitions;
}

/** `a, b as c` → [["a", "a"], ["b", "c"]] (type-only specifiers skipped). */
function specifierPairs(clause: string): [string, string][] {
  return clause.split(",").map((part) => part.trim()).filter((part) => part && !part.startsWith("type "))
    .map((part) => {
      const [name, alias = name] = part.split(/\s+as\s+/).map((piece) => piece.trim());
      return [name, alias];
    });
}
