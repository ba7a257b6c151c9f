import assert from "node:assert/strict";
import { documentHead, documentTail } from "../../../routes/document.ts";
import type { ClientManifest } from "../../../routes/client-manifest.ts";
import type { PageConfig } from "../../../ui/api/page-config.ts";

const manifest: ClientManifest = {
  script: "client-AAAAAAAA.js",
  stylesheet: "client-BBBBBBBB.css",
  preload: ["chunk-CCCCCCCC.js"],
  pages: { "ui/search/SearchPage.tsx": ["chunk-DDDDDDDD.js"] },
};
const config = { prefix: "/graylog", productName: "Sluice" } as PageConfig;

Deno.test("the head links the stylesheet and loads no script that could hold back the first paint", () => {
  const head = documentHead({ title: "Search", config, manifest, themePreference: null });
  assert.ok(head.includes('<link rel="stylesheet" href="/graylog/assets/client-BBBBBBBB.css">'));
  assert.ok(!head.includes("modulepreload") && !/<script[^>]*\bsrc=/.test(head));
});

Deno.test("the tail preloads the entry's and the page's chunks and runs the entry, with the state escaped", () => {
  const tail = documentTail({ config, manifest, pageChunks: ["chunk-DDDDDDDD.js"] }, {
    queries: [{ text: "</script><b>" }],
  });
  const preloads = [...tail.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(preloads, ["/graylog/assets/chunk-CCCCCCCC.js", "/graylog/assets/chunk-DDDDDDDD.js"]);
  assert.ok(
    tail.endsWith('<script type="module" src="/graylog/assets/client-AAAAAAAA.js"></script></body></html>'),
  );
  assert.ok(
    tail.indexOf("__SLUICE_STATE__") < tail.indexOf("modulepreload"),
    "the state is there before the entry runs",
  );
  assert.ok(!tail.includes("</script><b>") && tail.includes("\\u003c/script>"));
});
