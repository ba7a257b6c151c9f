import { existsSync, readFileSync } from "node:fs";

export const DIST_ASSETS_DIR = "dist/assets";
export const CLIENT_MANIFEST_PATH = "dist/manifest.json";

/** What the client build produced: the entry script, its stylesheet and the chunks to preload. */
export interface ClientManifest {
  script: string;
  stylesheet: string | null;
  preload: string[];
}

export function readClientManifest(): ClientManifest {
  if (!existsSync(CLIENT_MANIFEST_PATH)) {
    throw new Error(`${CLIENT_MANIFEST_PATH} is missing: build the client first (deno task build).`);
  }
  return JSON.parse(readFileSync(CLIENT_MANIFEST_PATH, "utf8"));
}
