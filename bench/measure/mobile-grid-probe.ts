/**
 * `SLUICE_DIST_DIR=… deno run -A bench/measure/mobile-grid-probe.ts [--out DIR]`: opens the search page at phone and
 * desktop widths (light and dark), with and without JavaScript, and prints the widget grid's width and the
 * aggregation widget's drawing size before and after hydration, so the server's chart size can be checked against
 * the measured one; screenshots go to --out.
 */
import { parseArgs } from "node:util";
import { launchBrowser } from "../../tests/e2e/browser.ts";
import { e2ePort, signIn, SluiceServer } from "../../tests/e2e/harness.ts";

const { values } = parseArgs({ args: Deno.args, options: { out: { type: "string" } } });
const OUT = values.out ?? "/tmp/mobile-grid-probe";
await Deno.mkdir(OUT, { recursive: true });

const VIEWPORTS = [
  { name: "phone", width: 412, height: 823 },
  { name: "desktop", width: 1350, height: 940 },
] as const;

const server = new SluiceServer(e2ePort(233));
await server.start();
const browser = await launchBrowser();
try {
  for (const viewport of VIEWPORTS) {
    for (const scheme of ["light", "dark"] as const) {
      for (const javaScript of [false, true]) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          colorScheme: scheme,
          javaScriptEnabled: javaScript,
        });
        const page = await context.newPage();
        if (javaScript) {
          await signIn(server, context, page, "admin", "/search");
          await page.getByTestId("widget-grid").waitFor();
          await page.waitForTimeout(1500);
        } else {
          const response = await context.request.post(server.url("/api/system/sessions"), {
            data: { username: "admin", password: "admin", host: "probe" },
            headers: { "X-Requested-By": "XMLHttpRequest" },
          });
          if (!response.ok()) throw new Error(`sign in failed: ${response.status()}`);
          await page.goto(server.url("/search"));
        }
        const sizes = await page.evaluate(() => {
          const box = (selector: string) => {
            const element = document.querySelector(selector);
            if (!element) return null;
            const rect = element.getBoundingClientRect();
            return `${rect.width.toFixed(1)}×${rect.height.toFixed(1)}`;
          };
          const svg = document.querySelector('[data-testid="aggregation-visualization"] svg');
          return {
            grid: box('[data-testid="widget-grid"]'),
            aggregation: box('[data-testid="aggregation-visualization"]'),
            chart: svg ? `${svg.getAttribute("width")}×${svg.getAttribute("height")}` : null,
            pending: document.querySelector(".widget-grid-pending") !== null,
          };
        });
        const label = `${viewport.name}-${scheme}-${javaScript ? "hydrated" : "server"}`;
        console.log(label, JSON.stringify(sizes));
        await page.screenshot({ path: `${OUT}/${label}.png` });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.dispose();
}
