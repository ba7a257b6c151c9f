/**
 * Which source modules a page of the browser bundle can load, read from esbuild's metafile (written by the
 * client build): the entry's static imports, and from the page's module on, static and (with `lazy`) dynamic
 * imports — what the page loads at first, or everything it may load later (dialogs, editors, charts).
 * Used by tests that keep packages out of a page (zod out of the search page).
 */

/** The part of esbuild's metafile this reads. */
export interface MetafileInputs {
  inputs: Record<string, { imports: { path: string; kind: string }[] }>;
}

export interface PageGraphOptions {
  /** The client entry module, as the metafile names it (routes/client-entry.tsx). */
  entry: string;
  /** The page's own module, loaded on demand by the route table (ui/search/SearchPage.tsx). */
  page: string;
  /** Also follow the page's dynamic imports (what it loads on demand). */
  lazy: boolean;
}

export function pageModules(metafile: MetafileInputs, { entry, page, lazy }: PageGraphOptions): Set<string> {
  const reached = new Set<string>();
  const walk = (start: string, followDynamic: boolean) => {
    const pending = [start];
    while (pending.length > 0) {
      const module = pending.pop()!;
      if (reached.has(module)) continue;
      reached.add(module);
      for (const { path, kind } of metafile.inputs[module]?.imports ?? []) {
        if (
          kind === "import-statement" || kind === "require-call" ||
          (followDynamic && kind === "dynamic-import")
        ) {
          pending.push(path);
        }
      }
    }
  };
  // The entry's dynamic imports are the other pages: not followed. The page's are its own lazy parts.
  walk(entry, false);
  if (!metafile.inputs[page]) {
    throw new Error(`${page} is not in the build (known modules: ${Object.keys(metafile.inputs).length})`);
  }
  walk(page, lazy);
  return reached;
}

/** The npm package a module path belongs to (`node_modules/.deno/x@1/node_modules/@s/p/…` → `@s/p`), else null. */
export function packageOf(path: string): string | null {
  const at = path.lastIndexOf("node_modules/");
  if (at < 0) return null;
  const parts = path.slice(at + "node_modules/".length).split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}
