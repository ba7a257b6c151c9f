/**
 * What the last client build was made from, so that `deno task start` installs and builds only when something
 * changed (and so starts offline once installed): a hash of the dependency set (deno.json, deno.lock) and one of
 * the client's sources (every input of the last build's metafile outside node_modules, and the build scripts).
 * Kept as `build-stamp.json` beside the build's manifest.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { CLIENT_METAFILE_PATH, DIST_DIR } from "../routes/client-manifest.ts";

export const BUILD_STAMP_PATH = `${DIST_DIR}/build-stamp.json`;

export interface BuildStamp {
  /** deno.json and deno.lock: the installed packages. */
  dependencies: string;
  /** The client's own sources as of the build. */
  sources: string;
}

/** The build scripts and the files they copy: not inputs of the bundle, yet they change what is built. */
const BUILD_FILES = [
  "scripts/build-client.ts",
  "scripts/barrel-imports.ts",
  "scripts/lazy-stylesheets.ts",
  "scripts/zod-openapi-client.ts",
  "public/favicon.svg",
];

function hashFiles(paths: readonly string[]): string {
  const hash = createHash("sha256");
  for (const path of [...paths].sort()) {
    hash.update(path).update("\0").update(existsSync(path) ? readFileSync(path) : "(missing)").update("\0");
  }
  return hash.digest("hex");
}

export function dependenciesHash(): string {
  return hashFiles(["deno.json", "deno.lock"]);
}

/** The hash of the client's sources, given the inputs esbuild read (paths relative to the repository root). */
export function sourcesHash(bundleInputs: readonly string[]): string {
  return hashFiles([...bundleInputs.filter((input) => !input.includes("node_modules/") && !input.includes(":")), ...BUILD_FILES]);
}

/** The stamp for the last build as it would be now, or null when there is no build to compare with. */
export function currentStamp(): BuildStamp | null {
  if (!existsSync(CLIENT_METAFILE_PATH)) return null;
  const metafile: { inputs: Record<string, unknown> } = JSON.parse(readFileSync(CLIENT_METAFILE_PATH, "utf8"));
  return { dependencies: dependenciesHash(), sources: sourcesHash(Object.keys(metafile.inputs)) };
}

export function readBuildStamp(): BuildStamp | null {
  return existsSync(BUILD_STAMP_PATH) ? JSON.parse(readFileSync(BUILD_STAMP_PATH, "utf8")) : null;
}

export function writeBuildStamp(stamp: BuildStamp): void {
  writeFileSync(BUILD_STAMP_PATH, JSON.stringify(stamp, null, 2));
}
