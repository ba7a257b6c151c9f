/**
 * `SLUICE_DIST_DIR=… deno run -A bench/measure/mobile-cls-probe.ts [--cpu 4] [--width 412]`: loads the search page
 * (demo data, its own server) at a phone's size with the CPU slowed like Lighthouse's mobile preset, and prints
 * every layout shift with the elements that moved and how (Lighthouse names only the elements, not the move).
 * `--base http://127.0.0.1:PORT --path '/search?…'` uses an already running server (admin/admin) instead.
 */
import { parseArgs } from "node:util";
import { launchBrowser } from "../../tests/e2e/browser.ts";
import { e2ePort, SluiceServer } from "../../tests/e2e/harness.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    cpu: { type: "string" },
    width: { type: "string" },
    base: { type: "string" },
    path: { type: "string" },
  },
});
const CPU = Number(values.cpu ?? 4);
const WIDTH = Number(values.width ?? 412);

const server = values.base ? null : new SluiceServer(e2ePort(236));
await server?.start();
const url = (path: string) => server ? server.url(path) : `${values.base}${path}`;
const browser = await launchBrowser();
try {
  // Lighthouse's mobile preset: a Moto G Power (touch, 1.75 device pixels per CSS pixel).
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
  });
  const response = await context.request.post(url("/api/system/sessions"), {
    data: { username: "admin", password: "admin", host: "probe" },
    headers: { "X-Requested-By": "XMLHttpRequest" },
  });
  if (!response.ok()) throw new Error(`sign in failed: ${response.status()}`);
  await context.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(globalThis, { shifts });
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName);
      const testId = node.closest("[data-testid]")?.getAttribute("data-testid");
      return `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 2).join(".")} in ${testId}`;
    };
    new PerformanceObserver((list) => {
      for (
        const entry of list.getEntries() as unknown as {
          value: number;
          startTime: number;
          sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        }[]
      ) {
        const moves = entry.sources.map((source) => {
          const a = source.previousRect;
          const b = source.currentRect;
          return `${
            describe(source.node)
          } (${a.x},${a.y} ${a.width}×${a.height} → ${b.x},${b.y} ${b.width}×${b.height})`;
        });
        shifts.push(`${entry.startTime.toFixed(0)} ms ${entry.value.toFixed(4)}: ${moves.join("; ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  await page.goto(url(values.path ?? "/search"));
  await page.waitForTimeout(10_000);
  const shifts = await page.evaluate(() => (globalThis as unknown as { shifts: string[] }).shifts);
  console.log(shifts.length === 0 ? "no layout shift" : shifts.join("\n"));
} finally {
  await browser.close();
  await server?.dispose();
}
