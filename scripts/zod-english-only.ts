/**
 * An esbuild plugin for the browser bundle: zod's `locales` namespace (error messages in ~50 languages,
 * about 260 KB minified) becomes English only.
 *
 * Why: the wire schemas the search page shares with the server are built with @hono/zod-openapi, which
 * hands the whole `z` namespace to zod-to-openapi; a namespace used as a value cannot be tree-shaken, so
 * every locale would ship. Nothing in Sluice switches zod's language (English is zod's default and is
 * imported by zod itself, not through `locales`), so the browser keeps exactly the messages it uses.
 */
import type { Plugin } from "esbuild";
import { dirname } from "node:path";

const NAMESPACE = "zod-english-only";

export function zodEnglishOnly(): Plugin {
  return {
    name: NAMESPACE,
    setup(build) {
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
        if (!/[/\\]zod[/\\]v4[/\\](classic|core)[/\\]/.test(args.importer)) return undefined;
        return { path: `${dirname(dirname(args.importer))}/locales`, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: `export { default as en } from "./en.js";`,
        resolveDir: args.path,
        loader: "js",
      }));
    },
  };
}
