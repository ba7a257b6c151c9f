import { existsSync, readFileSync } from "node:fs";

/** Where the client build goes; SLUICE_DIST_DIR lets parallel builds (one per worktree or test run) keep apart. */
export const DIST_DIR = Deno.env.get("SLUICE_DIST_DIR") ?? "dist";
export const DIST_ASSETS_DIR = `${DIST_DIR}/assets`;
export const CLIENT_MANIFEST_PATH = `${DIST_DIR}/manifest.json`;
/** esbuild's metafile of the client build (inputs and outputs of every chunk), for bundle-size analysis. */
export const CLIENT_METAFILE_PATH = `${DIST_DIR}/metafile.json`;

/** What the client build produced: the entry script, its stylesheet and the chunks to preload. */
export interface ClientManifest {
  script: string;
  stylesheet: string | null;
  /** The entry's static imports: every page needs them. */
  preload: string[];
  /**
   * Page module (routes/page-modules.ts) → its chunk and the chunks that chunk imports statically, less the
   * entry's: what a page loaded on demand needs besides the entry.
   */
  pages: Record<string, string[]>;
  /**
   * The entry that evaluates the app in stages (routes/client-entry-staged.ts), which pages loaded on demand start,
   * and the chunks it loads besides `preload` (its stages and the entry).
   */
  staged?: { script: string; preload: string[] };
}

export function readClientManifest(): ClientManifest {
  if (!existsSync(CLIENT_MANIFEST_PATH)) {
    throw new Error(`${CLIENT_MANIFEST_PATH} is missing: build the client first (deno task build).`);
  }
  const manifest: ClientManifest = JSON.parse(readFileSync(CLIENT_MANIFEST_PATH, "utf8"));
  // A build from before page preloads: pages then load their chunks on demand, as they always could.
  return { ...manifest, pages: manifest.pages ?? {} };
}
