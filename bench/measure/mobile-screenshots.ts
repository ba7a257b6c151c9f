/**
 * `deno run -A bench/measure/mobile-screenshots.ts [--base http://127.0.0.1:19885] [--path /search?…] [--out DIR]`:
 * screenshots of a page of an already running server (signed in as admin) at a phone's size (412×915) and a
 * laptop's (1350×900), light and dark (the system scheme; the admin must have no theme preference), once the search
 * page has hydrated; at the phone's size also with the sidebar's Description section opened (the overlay).
 * For looking at the narrow-screen layout and at what Lighthouse's mobile run shows.
 */
import { chromium } from "playwright-core";
import { parseArgs } from "node:util";
import { login } from "../server-process.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { base: { type: "string" }, path: { type: "string" }, out: { type: "string" } },
});
const BASE = values.base ?? "http://127.0.0.1:19885";
const PATH = values.path ?? "/search";
const OUT = values.out ?? "/tmp/sluice-screenshots";

const SIZES = {
  phone: { width: 412, height: 915, deviceScaleFactor: 1.75, isMobile: true },
  laptop: { width: 1350, height: 900, deviceScaleFactor: 1, isMobile: false },
} as const;

await Deno.mkdir(OUT, { recursive: true });
const cookie = await login(BASE, "admin", "admin");
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});
try {
  for (const [sizeName, size] of Object.entries(SIZES)) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: size.deviceScaleFactor,
        isMobile: size.isMobile,
        hasTouch: size.isMobile,
        colorScheme,
      });
      const [name, value] = cookie.split("=");
      await context.addCookies([{ name, value, url: BASE }]);
      const page = await context.newPage();
      await page.goto(`${BASE}${PATH}`, { waitUntil: "load" });
      await page.locator("html[data-search-page-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
      await page.waitForTimeout(1500);
      const file = `${OUT}/${sizeName}-${colorScheme}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      if (sizeName === "phone") {
        await page.getByRole("button", { name: "Description" }).click();
        await page.getByTestId("sidebar-overlay").waitFor();
        const opened = `${OUT}/${sizeName}-${colorScheme}-sidebar.png`;
        await page.screenshot({ path: opened });
        console.log(opened);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
