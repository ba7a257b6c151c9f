/**
 * Stylesheets of libraries that only lazily loaded code uses (Leaflet's, for the world map) load with that
 * code instead of with the entry's stylesheet, which every page, the login page included, waits for.
 *
 * esbuild puts every stylesheet the entry reaches, through dynamic imports too, into the entry's CSS file, so
 * these are built apart first (`buildLazyStylesheets`: hashed CSS files, their images beside them). The
 * plugin then makes each named module import, in the browser build only (the server imports the same modules
 * and cannot import CSS), a small module that links the stylesheet once and waits until it has loaded: the
 * dynamic import that brings the code resolves after its styles are there, so nothing is drawn unstyled.
 */
import * as esbuild from "esbuild";
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";

/** Module (path from the project root) → the library stylesheets it needs, as import specifiers. */
export type LazyStylesheets = Record<string, readonly string[]>;

/** Import specifier of a stylesheet → its built file name in the assets folder. */
export type BuiltStylesheets = Map<string, string>;

const NAMESPACE = "lazy-stylesheet";

export async function buildLazyStylesheets(
  stylesheets: LazyStylesheets,
  outdir: string,
): Promise<BuiltStylesheets> {
  const specifiers = [...new Set(Object.values(stylesheets).flat())];
  const built: BuiltStylesheets = new Map();
  if (specifiers.length === 0) return built;
  const result = await esbuild.build({
    entryPoints: specifiers,
    bundle: true,
    minify: true,
    outdir,
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    // Images the stylesheets reference (Leaflet's controls) become hashed files beside them.
    loader: { ".png": "file", ".svg": "file" },
    metafile: true,
    logLevel: "warning",
  });
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    const specifier = specifiers.find((candidate) => output.entryPoint?.endsWith(candidate));
    if (specifier && path.endsWith(".css")) built.set(specifier, basename(path));
  }
  const missing = specifiers.filter((specifier) => !built.has(specifier));
  if (missing.length > 0) throw new Error(`lazy-stylesheets: not built: ${missing.join(", ")}`);
  return built;
}

export function lazyStylesheetImports(stylesheets: LazyStylesheets, built: BuiltStylesheets): esbuild.Plugin {
  const byPath = new Map(Object.entries(stylesheets).map(([module, sheets]) => [resolve(module), sheets]));
  return {
    name: NAMESPACE,
    setup(build) {
      const seen = new Set<string>();
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        const sheets = byPath.get(args.path);
        if (!sheets) return undefined;
        seen.add(args.path);
        const source = readFileSync(args.path, "utf8");
        const imports = sheets.map((sheet) => `import ${JSON.stringify(`${NAMESPACE}:${sheet}`)};`).join(
          "\n",
        );
        return {
          contents: `${source}\n${imports}\n`,
          loader: args.path.endsWith(".tsx") ? "tsx" : "ts",
          resolveDir: dirname(args.path),
        };
      });
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({
        path: args.path.slice(NAMESPACE.length + 1),
        namespace: NAMESPACE,
      }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const file = built.get(args.path);
        if (!file) throw new Error(`lazy-stylesheets: ${args.path} was not built`);
        // Chunks and stylesheets share the assets folder, so the chunk's own URL locates the file.
        return {
          contents: `const href = new URL(${JSON.stringify(`./${file}`)}, import.meta.url).href;\n` +
            `if (![...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => link.href === href)) {\n` +
            `  const link = document.createElement("link");\n` +
            `  link.rel = "stylesheet";\n` +
            `  link.href = href;\n` +
            `  await new Promise((done) => { link.onload = link.onerror = () => done(); document.head.append(link); });\n` +
            `}\n`,
          loader: "js",
        };
      });
      // A renamed or moved module would silently lose its stylesheet: fail the build instead.
      build.onEnd((result) => {
        if (result.errors.length > 0) return;
        const missing = [...byPath.keys()].filter((path) => !seen.has(path));
        if (missing.length > 0) throw new Error(`lazy-stylesheets: not in the bundle: ${missing.join(", ")}`);
      });
    },
  };
}
