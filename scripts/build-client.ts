/**
 * Builds the browser bundle with esbuild: ES modules with code splitting (pages loaded on demand become
 * their own chunks), minified, content-hashed; writes `dist/assets/` and `dist/manifest.json` naming the
 * entry script and stylesheet, which the SSR document links.
 */
import * as esbuild from "esbuild";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { CLIENT_MANIFEST_PATH, DIST_ASSETS_DIR } from "../routes/client-manifest.ts";
import { barrelImports } from "./barrel-imports.ts";

const started = performance.now();
rmSync(DIST_ASSETS_DIR, { recursive: true, force: true });
mkdirSync(DIST_ASSETS_DIR, { recursive: true });

const result = await esbuild.build({
  entryPoints: { client: "routes/client-entry.tsx" },
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
  // Keeps components only lazy pages use out of the login page's chunks (see barrel-imports.ts).
  plugins: [barrelImports({ packages: ["@mantine/core", "@mantine/hooks", "@tabler/icons-react"] })],
});

const outputs = Object.entries(result.metafile.outputs);
const entry = outputs.find(([, output]) => output.entryPoint === "routes/client-entry.tsx");
if (!entry) throw new Error("esbuild produced no entry script");
const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const manifest = {
  script: fileName(entry[0]),
  stylesheet: entry[1].cssBundle ? fileName(entry[1].cssBundle) : null,
  /** Chunks the entry imports statically: preloaded by the document. */
  preload: entry[1].imports.filter((i) => i.kind === "import-statement").map((i) => fileName(i.path)),
};
writeFileSync(CLIENT_MANIFEST_PATH, JSON.stringify(manifest, null, 2));
// Kept for bundle analysis (which modules each chunk holds): esbuild's analyzer or scripts reading it.
writeFileSync(`${DIST_ASSETS_DIR}/../metafile.json`, JSON.stringify(result.metafile));

// The API browser is a static page on swagger-ui-dist, served from here (no CDN).
const swaggerDir = new URL("../node_modules/swagger-ui-dist/", import.meta.url).pathname;
mkdirSync(`${DIST_ASSETS_DIR}/swagger-ui`, { recursive: true });
for (const file of ["swagger-ui.css", "swagger-ui-bundle.js"]) cpSync(`${swaggerDir}${file}`, `${DIST_ASSETS_DIR}/swagger-ui/${file}`);

cpSync("public/favicon.svg", `${DIST_ASSETS_DIR}/favicon.svg`);

console.log(`Client bundle built in ${Math.round(performance.now() - started)} ms: ${manifest.script}`);
esbuild.stop();
