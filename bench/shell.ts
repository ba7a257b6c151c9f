/**
 * Shell performance budget (issue 2): SSR time to first byte of the login and search pages (warm, median and
 * p95, beside the ping endpoint in the same run as reference), initial JS per page (the entry, the page's lazy
 * chunk and what they import statically, from the build's metafile), all JS and CSS (gzip) per page as loaded
 * by Chromium until the network is idle (chunks loaded right after the first paint included: the query editor,
 * charts), and Lighthouse's performance score of the login page. Prints a table and writes bench/RESULTS.md.
 */
import { readFileSync } from "node:fs";
import type { Metafile } from "esbuild";
import { CLIENT_METAFILE_PATH } from "../routes/client-manifest.ts";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { login, startServer } from "./server-process.ts";
import { round, summarize } from "./stats.ts";
import { writeResults } from "./results.ts";

const WARMUP = 10;
const RUNS = 100;

async function ttfb(url: string, cookie?: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: cookie ? { cookie } : {} });
    const reader = response.body!.getReader();
    await reader.read(); // first byte
    const elapsed = performance.now() - started;
    while (!(await reader.read()).done) { /* drain */ }
    if (i >= WARMUP) samples.push(elapsed);
  }
  return samples;
}

async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/**
 * Gzip size of the chunks a page needs before it can hydrate: the client entry and the page's lazily imported
 * module (`ui/…` path), each with every chunk it imports statically.
 */
async function initialScripts(metafile: Metafile, pageModule: string): Promise<number> {
  const outputs = metafile.outputs;
  const roots = Object.keys(outputs).filter((path) =>
    path.endsWith(".js") &&
    (outputs[path].entryPoint === "routes/client-entry.tsx" || outputs[path].entryPoint === pageModule)
  );
  if (roots.length !== 2) throw new Error(`no chunk for ${pageModule} in ${CLIENT_METAFILE_PATH}`);
  const chunks = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (chunks.has(path)) continue;
    chunks.add(path);
    pending.push(
      ...outputs[path].imports.filter((i) => i.kind === "import-statement" && !i.external).map((i) => i.path),
    );
  }
  let total = 0;
  for (const path of chunks) total += await gzipSize(readFileSync(path) as Uint8Array<ArrayBuffer>);
  return total;
}

/** JS and CSS the browser loads for a page until the network is idle, gzip-compressed. */
async function pageWeight(url: string, cookie?: string): Promise<{ js: number; css: number }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    if (cookie) {
      const [name, value] = cookie.split("=");
      await context.addCookies([{ name, value, url }]);
    }
    const page = await context.newPage();
    const bodies: Promise<{ type: string; size: number }>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type === "script" || type === "stylesheet") {
        bodies.push(
          response.body().then(async (body) => ({ type, size: await gzipSize(new Uint8Array(body)) })),
        );
      }
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const loaded = await Promise.all(bodies);
    const sum = (type: string) =>
      loaded.filter((b) => b.type === type).reduce((total, b) => total + b.size, 0);
    return { js: sum("script"), css: sum("stylesheet") };
  } finally {
    await browser.close();
  }
}

async function lighthouseScore(url: string): Promise<number | null> {
  const output = await new Deno.Command("npx", {
    args: [
      "--yes",
      "lighthouse@12.8.2",
      url,
      "--quiet",
      "--output=json",
      "--only-categories=performance",
      "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync",
    ],
    env: { CHROME_PATH: "/usr/bin/chromium" },
    stdout: "piped",
    stderr: "null",
  }).output();
  try {
    return JSON.parse(new TextDecoder().decode(output.stdout)).categories.performance.score;
  } catch {
    return null;
  }
}

const metafile: Metafile = JSON.parse(readFileSync(CLIENT_METAFILE_PATH, "utf8"));
const server = await startServer({ SLUICE_DEMO_MESSAGES: "1000" });
try {
  const cookie = await login(server.base, "admin", "admin");
  const ping = summarize(await ttfb(`${server.base}/api/`));
  const loginPage = summarize(await ttfb(`${server.base}/`));
  const searchPage = summarize(await ttfb(`${server.base}/search`, cookie));
  const loginWeight = await pageWeight(`${server.base}/`);
  const searchWeight = await pageWeight(`${server.base}/search`, cookie);
  const loginInitial = await initialScripts(metafile, "ui/login/LoginPage.tsx");
  const searchInitial = await initialScripts(metafile, "ui/search/SearchPage.tsx");
  const score = await lighthouseScore(`${server.base}/`);
  const kb = (bytes: number) => round(bytes / 1024);
  const rows = [
    ["TTFB ping GET /api/ (reference)", `${round(ping.median)} ms`, `${round(ping.p95)} ms`, "1.0×", "—"],
    [
      "TTFB login page (SSR)",
      `${round(loginPage.median)} ms`,
      `${round(loginPage.p95)} ms`,
      `${round(loginPage.median / ping.median)}×`,
      "≤ 30 ms",
    ],
    [
      "TTFB search page (SSR, signed in)",
      `${round(searchPage.median)} ms`,
      `${round(searchPage.p95)} ms`,
      `${round(searchPage.median / ping.median)}×`,
      "≤ 30 ms",
    ],
    ["Initial JS login page (gzip)", `${kb(loginInitial)} KB`, "", "", "≤ 250 KB"],
    ["All JS until network idle, login page (gzip)", `${kb(loginWeight.js)} KB`, "", "", ""],
    ["Initial CSS login page (gzip)", `${kb(loginWeight.css)} KB`, "", "", ""],
    ["Initial JS search page (gzip)", `${kb(searchInitial)} KB`, "", "", "≤ 400 KB"],
    ["All JS until network idle, search page (gzip)", `${kb(searchWeight.js)} KB`, "", "", ""],
    ["Initial CSS search page (gzip)", `${kb(searchWeight.css)} KB`, "", "", ""],
    ["Lighthouse performance, login page", score === null ? "failed" : String(score), "", "", "≥ 0.9"],
  ];
  const header = ["measure", "median", "p95", "ratio to ping", "aim"];
  console.table(
    Object.fromEntries(
      rows.map((row) => [row[0], Object.fromEntries(header.slice(1).map((h, i) => [h, row[i + 1]]))]),
    ),
  );
  await writeResults(
    "Shell (bench:shell)",
    header,
    rows,
    `${WARMUP} warm-up then ${RUNS} sequential requests per page; initial JS = entry + the page's chunk and their static imports (build metafile), other sizes as loaded by Chromium until network idle.`,
  );
} finally {
  await server.stop();
}
