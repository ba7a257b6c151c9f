/**
 * Which modules make up the JavaScript a page loads: esbuild's metafile (written by the client build) says
 * how many minified bytes each input contributes to each chunk; grouped by npm package (or by our folder),
 * with a gzip estimate that shares each chunk's measured gzip size in proportion to those bytes.
 */
import { readFileSync } from "node:fs";

/** A script as the browser loaded it. */
export interface LoadedScript {
  file: string;
  bytes: number;
  gzip: number;
}

/** One package's (or folder's) share of the loaded scripts. */
export interface BundleShare {
  name: string;
  minified: number;
  gzipEstimate: number;
}

interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

export function readMetafile(distDir: string): Metafile {
  return JSON.parse(readFileSync(`${distDir}/metafile.json`, "utf8"));
}

/** `node_modules/.deno/x@1/node_modules/@scope/pkg/dist/a.js` → `@scope/pkg`; `ui/search/A.tsx` → `ui/search`. */
export function moduleGroup(path: string): string {
  const at = path.lastIndexOf("node_modules/");
  if (at >= 0) {
    const parts = path.slice(at + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = path.replace(/^(\.\.\/)+/, "").split("/");
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The loaded scripts' bytes by module group, largest first. */
export function bundleBreakdown(scripts: readonly LoadedScript[], metafile: Metafile): BundleShare[] {
  const shares = new Map<string, BundleShare>();
  for (const script of scripts) {
    const key = Object.keys(metafile.outputs).find((path) => path.endsWith(`/${script.file}`));
    if (!key) continue;
    const output = metafile.outputs[key];
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = moduleGroup(path);
      const share = shares.get(name) ?? { name, minified: 0, gzipEstimate: 0 };
      share.minified += bytesInOutput;
      share.gzipEstimate += output.bytes > 0 ? (script.gzip * bytesInOutput) / output.bytes : 0;
      shares.set(name, share);
    }
  }
  return [...shares.values()].sort((a, b) => b.minified - a.minified);
}
