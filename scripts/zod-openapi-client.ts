/**
 * An esbuild plugin for the browser bundle: `import { z } from "@hono/zod-openapi"` in Sluice's modules (the
 * wire schemas the UI shares with the server) becomes `import * as z from "zod"`, after zod-to-openapi's
 * `.openapi()` extension is installed exactly as @hono/zod-openapi installs it.
 *
 * Why: @hono/zod-openapi hands the whole `z` namespace to zod-to-openapi as a value, and a namespace used as
 * a value cannot be tree-shaken, so every zod feature (JSON Schema conversion, ~50 locales: about 450 KB
 * minified) would ship to the search page. Member accesses on an `import * as` namespace are tree-shaken,
 * so only the schema kinds the UI uses remain. Parsing and `.openapi()` metadata behave as on the server.
 */
import type { Plugin } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";

const NAMESPACE = "zod-openapi-client";
const HONO_Z_IMPORT = /\bimport\s*\{\s*z\s*\}\s*from\s*(["'])@hono\/zod-openapi\1\s*;?/g;

export function zodOpenApiClient(): Plugin {
  return {
    name: NAMESPACE,
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.namespace !== "file" || args.path.includes("/node_modules/")) return undefined;
        const source = readFileSync(args.path, "utf8");
        if (!source.includes("@hono/zod-openapi")) return undefined;
        const contents = source.replace(
          HONO_Z_IMPORT,
          `import "${NAMESPACE}:extension"; import * as z from "zod";`,
        );
        if (contents === source) return undefined;
        return {
          contents,
          loader: args.path.endsWith(".tsx") ? "tsx" : "ts",
          resolveDir: dirname(args.path),
        };
      });
      build.onResolve(
        { filter: new RegExp(`^${NAMESPACE}:extension$`) },
        () => ({ path: "extension", namespace: NAMESPACE }),
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async () => {
        // zod-to-openapi is a dependency of @hono/zod-openapi, not of Sluice: resolve it from there.
        const hono = await build.resolve("@hono/zod-openapi", {
          kind: "import-statement",
          resolveDir: Deno.cwd(),
        });
        const extension = await build.resolve("@asteasolutions/zod-to-openapi", {
          kind: "import-statement",
          resolveDir: dirname(hono.path),
        });
        if (hono.errors.length > 0 || extension.errors.length > 0) {
          throw new Error("zod-openapi-client: cannot resolve zod-to-openapi");
        }
        return {
          // extendZodWithOpenApi only touches `ZodType.prototype`: hand it just that, not the namespace.
          contents:
            `import { ZodType } from "zod";\nimport { extendZodWithOpenApi } from ${
              JSON.stringify(extension.path)
            };\n` +
            `extendZodWithOpenApi({ ZodType });\n`,
          resolveDir: Deno.cwd(),
          loader: "js",
        };
      });
    },
  };
}
