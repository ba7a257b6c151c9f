import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MetafileInputs, packageOf, pageModules } from "./client-graph.ts";

const ENTRY = "routes/client-entry.tsx";
const SEARCH_PAGE = "ui/search/SearchPage.tsx";

/** zod and what wraps it: none of it may ship to the search page (issue 4 item 10: about 30 KB gzip). */
const ZOD_PACKAGES = new Set(["zod", "@hono/zod-openapi", "@asteasolutions/zod-to-openapi"]);

Deno.test("the page graph follows the entry's static imports and the page's lazy ones, not other pages", () => {
  const metafile: MetafileInputs = {
    inputs: {
      "entry.tsx": {
        imports: [{ path: "shell.tsx", kind: "import-statement" }, {
          path: "page.tsx",
          kind: "dynamic-import",
        }, { path: "other.tsx", kind: "dynamic-import" }],
      },
      "shell.tsx": { imports: [] },
      "page.tsx": {
        imports: [{ path: "table.tsx", kind: "import-statement" }, {
          path: "dialog.tsx",
          kind: "dynamic-import",
        }],
      },
      "table.tsx": { imports: [] },
      "dialog.tsx": {
        imports: [{ path: "node_modules/.deno/zod@4/node_modules/zod/index.js", kind: "import-statement" }],
      },
      "other.tsx": { imports: [] },
    },
  };
  const first = pageModules(metafile, { entry: "entry.tsx", page: "page.tsx", lazy: false });
  assert.deepEqual([...first].sort(), ["entry.tsx", "page.tsx", "shell.tsx", "table.tsx"]);
  const all = pageModules(metafile, { entry: "entry.tsx", page: "page.tsx", lazy: true });
  assert.ok(all.has("dialog.tsx") && !all.has("other.tsx"));
  assert.deepEqual([...all].map(packageOf).filter((name) => name !== null), ["zod"]);
});

Deno.test("the search page's client graph holds no zod, not even in what it loads on demand", async () => {
  const dist = mkdtempSync(join(tmpdir(), "sluice-build-zod-"));
  try {
    const build = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/build-client.ts"],
      cwd: new URL("../../../", import.meta.url).pathname,
      env: { SLUICE_DIST_DIR: dist },
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.ok(build.success, new TextDecoder().decode(build.stderr));
    const metafile: MetafileInputs = JSON.parse(readFileSync(join(dist, "metafile.json"), "utf8"));
    const modules = pageModules(metafile, { entry: ENTRY, page: SEARCH_PAGE, lazy: true });
    assert.ok(modules.has("ui/widgets/messages/MessageTable.tsx"), "the walk reaches the page's parts");
    const zod = [...modules].filter((module) => ZOD_PACKAGES.has(packageOf(module) ?? ""));
    // Who pulls it in: the importers of the first zod module, to start looking from.
    const importers = Object.entries(metafile.inputs)
      .filter(([path, input]) =>
        modules.has(path) && !packageOf(path) &&
        input.imports.some((i) =>
          zod.includes(i.path) ||
          /api\/schemas\/(widgets|search|shares|cluster-config|timerange)\.ts$/.test(i.path)
        )
      )
      .map(([path]) => path);
    assert.deepEqual(zod, [], `zod reaches the search page through: ${importers.join(", ")}`);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
