/**
 * Builds the browser bundle with esbuild: ES modules with code splitting (pages loaded on demand become
 * their own chunks), minified, content-hashed; writes `dist/assets/` and `dist/manifest.json` naming the
 * entry script and stylesheet, which the SSR document links.
 */
import * as esbuild from "esbuild";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { type ClientManifest, CLIENT_MANIFEST_PATH, CLIENT_METAFILE_PATH, DIST_ASSETS_DIR } from "../routes/client-manifest.ts";
import { PAGE_DRAWN_MODULES, pageModules } from "../routes/page-modules.ts";
import { barrelImports } from "./barrel-imports.ts";
import { dependenciesHash, sourcesHash, writeBuildStamp } from "./build-stamp.ts";
import { buildLazyStylesheets, lazyStylesheetImports, type LazyStylesheets } from "./lazy-stylesheets.ts";
import { zodOpenApiClient } from "./zod-openapi-client.ts";

const ENTRY_POINT = "routes/client-entry.tsx";
/** The same app evaluated in stages, for pages loaded on demand (routes/client-entry-staged.ts). */
const STAGED_ENTRY_POINT = "routes/client-entry-staged.ts";

/** Library stylesheets that go with the lazily loaded module that uses the library, not with the entry. */
const LAZY_STYLESHEETS: LazyStylesheets = {
  "ui/visualizations/map/load-leaflet.ts": ["leaflet/dist/leaflet.css"],
  "ui/search/time-range/AbsoluteRangeCalendar.tsx": ["@mantine/dates/styles.css"],
};

const started = performance.now();
rmSync(DIST_ASSETS_DIR, { recursive: true, force: true });
mkdirSync(DIST_ASSETS_DIR, { recursive: true });

const lazyStylesheets = await buildLazyStylesheets(LAZY_STYLESHEETS, DIST_ASSETS_DIR);
const result = await esbuild.build({
  entryPoints: { client: ENTRY_POINT, "client-staged": STAGED_ENTRY_POINT },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: ["es2022", "chrome120", "firefox120", "safari16"],
  minify: true,
  sourcemap: "linked",
  jsx: "automatic",
  outdir: DIST_ASSETS_DIR,
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  assetNames: "[name]-[hash]",
  // Images referenced by library stylesheets (Leaflet's controls) become hashed files beside the CSS.
  loader: { ".png": "file", ".svg": "file" },
  metafile: true,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
  // Each keeps code or CSS out of the first page load (see their modules). The first whose load hook
  // answers for a file wins, so they touch disjoint files: named modules, barrel importers, zod schemas.
  plugins: [
    lazyStylesheetImports(LAZY_STYLESHEETS, lazyStylesheets),
    barrelImports({ packages: ["@mantine/core", "@mantine/hooks", "@tabler/icons-react"] }),
    zodOpenApiClient(),
  ],
});

const outputs = Object.entries(result.metafile.outputs);
const entry = outputs.find(([, output]) => output.entryPoint === ENTRY_POINT);
if (!entry) throw new Error("esbuild produced no entry script");
const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
/** Chunks the entry imports statically: every page needs them. */
const preload = entry[1].imports.filter((i) => i.kind === "import-statement").map((i) => fileName(i.path));
const staged = outputs.find(([, output]) => output.entryPoint === STAGED_ENTRY_POINT);
if (!staged) throw new Error("esbuild produced no staged entry script");
const manifest: ClientManifest = {
  script: fileName(entry[0]),
  stylesheet: entry[1].cssBundle ? fileName(entry[1].cssBundle) : null,
  preload,
  staged: {
    script: fileName(staged[0]),
    // Its stages and the entry it ends with, beside the entry's own static imports (`preload`).
    preload: staged[1].imports.filter((i) => i.kind === "dynamic-import" || i.kind === "import-statement")
      .map((i) => fileName(i.path)).filter((chunk) => !preload.includes(chunk)),
  },
  pages: Object.fromEntries(pageModules().map((module) => [module, pageAndDrawnChunks(module, new Set([fileName(entry[0]), ...preload]))])),
};
writeFileSync(CLIENT_MANIFEST_PATH, JSON.stringify(manifest, null, 2));
// Which modules each chunk holds: for bench:shell's initial-JS figures and for esbuild's bundle analyzer.
writeFileSync(CLIENT_METAFILE_PATH, JSON.stringify(result.metafile));

// The API browser is a static page on swagger-ui-dist, served from here (no CDN).
const swaggerDir = new URL("../node_modules/swagger-ui-dist/", import.meta.url).pathname;
mkdirSync(`${DIST_ASSETS_DIR}/swagger-ui`, { recursive: true });
for (const file of ["swagger-ui.css", "swagger-ui-bundle.js"]) {
  cpSync(`${swaggerDir}${file}`, `${DIST_ASSETS_DIR}/swagger-ui/${file}`);
}

cpSync("public/favicon.svg", `${DIST_ASSETS_DIR}/favicon.svg`);
// What this build was made from: `deno task start` skips the install and the build while it still holds.
writeBuildStamp({ dependencies: dependenciesHash(), sources: sourcesHash(Object.keys(result.metafile.inputs)) });

/** A page's chunks, then those of the modules its server render draws (PAGE_DRAWN_MODULES) not already among them. */
function pageAndDrawnChunks(module: string, loaded: ReadonlySet<string>): string[] {
  const chunks = pageChunks(module, loaded);
  for (const drawn of PAGE_DRAWN_MODULES[module] ?? []) chunks.push(...pageChunks(drawn, new Set([...loaded, ...chunks])));
  return chunks;
}

/** A page module's chunk and every chunk it imports statically, transitively, less those in `loaded`. */
function pageChunks(module: string, loaded: ReadonlySet<string>): string[] {
  const chunk = outputs.find(([, output]) => output.entryPoint === module);
  if (!chunk) throw new Error(`routes/page-modules.ts names ${module}, which no part of the client loads on demand`);
  const chunks: string[] = [];
  const pending = [chunk[0]];
  while (pending.length > 0) {
    const path = pending.shift()!;
    const name = fileName(path);
    if (loaded.has(name) || chunks.includes(name)) continue;
    chunks.push(name);
    for (const imported of result.metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === "import-statement") pending.push(imported.path);
    }
  }
  return chunks;
}

console.log(`Client bundle built in ${Math.round(performance.now() - started)} ms: ${manifest.script}`);
esbuild.stop();
