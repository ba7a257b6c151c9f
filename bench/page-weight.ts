/**
 * The scripts a page loads before anyone touches it: everything Chromium fetches until the page shows its
 * content (`ready`) and no script has arrived for a while — lazy route and widget chunks included, which a
 * plain "network idle" misses when hydration keeps the CPU busy longer than its 500 ms window.
 */
import type { Browser } from "playwright-core";
import type { LoadedScript } from "./bundle-breakdown.ts";

/** No new script for this long after `ready` means the initial load is over. */
const QUIET_MS = 1500;

export async function initialScripts(
  browser: Browser,
  url: string,
  options: { cookie: string | null; ready: string; viewport: { width: number; height: number } },
): Promise<LoadedScript[]> {
  const context = await browser.newContext({ viewport: options.viewport });
  try {
    if (options.cookie) {
      const [name, value] = options.cookie.split("=");
      await context.addCookies([{ name, value, url }]);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const loaded: Promise<LoadedScript>[] = [];
    let lastScriptAt = Date.now();
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      lastScriptAt = Date.now();
      const file = new URL(response.url()).pathname.split("/").pop() ?? "";
      loaded.push(response.body().then(async (body) => {
        const bytes = new Uint8Array(body);
        return { file, bytes: bytes.byteLength, gzip: await gzipSize(bytes) };
      }));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.locator(options.ready).first().waitFor();
    while (Date.now() - lastScriptAt < QUIET_MS) await page.waitForTimeout(250);
    return await Promise.all(loaded);
  } finally {
    await context.close();
  }
}

async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}
