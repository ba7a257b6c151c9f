import assert from "node:assert/strict";
import { documentContentEnd, documentEnd, documentHead } from "../../../routes/document.ts";
import { readDehydratedState } from "../../../routes/dehydrated-state-element.ts";
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

Deno.test("a page drawn for a phone says so on <html>, for the browser to hydrate with the same assumption", () => {
  const phone = documentHead({ title: "Search", config, manifest, themePreference: null, assumedScreen: "phone" });
  assert.ok(phone.startsWith('<!DOCTYPE html><html lang="en" data-mantine-color-scheme="light" data-assumed-screen="phone">'));
  const laptop = documentHead({ title: "Search", config, manifest, themePreference: null, assumedScreen: "laptop" });
  assert.ok(!laptop.includes("data-assumed-screen"));
});

Deno.test("a page loaded on demand: the state and the starter after the content, nothing loading by itself", () => {
  const parts = { config, manifest, pageChunks: ["chunk-DDDDDDDD.js"] };
  const end = documentContentEnd(parts, { queries: [{ text: "</script><b>" }] });
  // No element loads a script by itself: the starter adds the preloads and the entry once the content is painted.
  assert.ok(!end.includes("<link") && !/<script[^>]*\bsrc=/.test(end));
  assert.ok(
    end.includes('["/graylog/assets/chunk-CCCCCCCC.js","/graylog/assets/chunk-DDDDDDDD.js"]') &&
      end.includes('s.src="/graylog/assets/client-AAAAAAAA.js"'),
  );
  assert.ok(end.startsWith("</div>") && end.endsWith("</script>"), "outside the hydrated root");
  assert.ok(
    end.indexOf('<script type="application/json" id="sluice-state">') < end.indexOf("client-AAAAAAAA.js"),
    "the state is there before the entry runs",
  );
  assert.ok(!end.includes("</script><b>") && end.includes("\\u003c/script>"));
  assert.equal(documentEnd(parts), "</body></html>");
});

Deno.test("a page loaded on demand starts the staged entry when the build has one, and preloads its stages", () => {
  const staged: ClientManifest = {
    ...manifest,
    staged: { script: "client-staged-EEEEEEEE.js", preload: ["chunk-FFFFFFFF.js", "client-AAAAAAAA.js"] },
  };
  const end = documentContentEnd({ config, manifest: staged, pageChunks: ["chunk-DDDDDDDD.js"] }, {});
  assert.ok(end.includes('s.src="/graylog/assets/client-staged-EEEEEEEE.js"'));
  assert.ok(
    end.includes(
      '["/graylog/assets/chunk-CCCCCCCC.js","/graylog/assets/chunk-FFFFFFFF.js","/graylog/assets/client-AAAAAAAA.js","/graylog/assets/chunk-DDDDDDDD.js"]',
    ),
  );
  // Other pages keep the entry that evaluates at once (it holds back the load event until hydration).
  const other = documentEnd({ config, manifest: staged });
  assert.ok(other.includes('<script type="module" src="/graylog/assets/client-AAAAAAAA.js">'));
  assert.ok(!other.includes("client-staged") && !other.includes("chunk-FFFFFFFF.js"));
});

Deno.test("a page that comes with the entry runs it as a module script at the end, holding back the load event", () => {
  const end = documentContentEnd({ config, manifest }, {});
  assert.ok(!end.includes("client-AAAAAAAA.js"), "no starter");
  const last = documentEnd({ config, manifest });
  assert.ok(
    last.endsWith('<link rel="modulepreload" href="/graylog/assets/chunk-CCCCCCCC.js">' +
      '<script type="module" src="/graylog/assets/client-AAAAAAAA.js"></script></body></html>'),
  );
});

Deno.test("the state's data block reads back as the state it was written from, script-closing text included", () => {
  const state = { mutations: [], queries: [{ queryKey: ["q"], text: "</script><b>\u2028" }] };
  const tail = documentContentEnd({ config, manifest }, state);
  const text = tail.match(/<script type="application\/json" id="sluice-state">(.*?)<\/script>/)?.[1];
  const document = { getElementById: (id: string) => (id === "sluice-state" ? { textContent: text ?? null } : null) };
  assert.deepEqual(readDehydratedState(document as unknown as Pick<Document, "getElementById">), state);
  const broken = { getElementById: () => ({ textContent: "{" }) };
  assert.equal(readDehydratedState(broken as unknown as Pick<Document, "getElementById">), null);
});
