/**
 * `npm test`: builds the client bundle, makes sure Debian's Chromium is installed for the browser tests,
 * runs every suite (unit, api, e2e) with `deno test` and prints the closing line `N passed, N failed` that CI reads.
 */
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

async function run(cmd: string[], options: { capture?: boolean } = {}): Promise<{ code: number; output: string }> {
  const child = new Deno.Command(cmd[0], {
    args: cmd.slice(1),
    stdout: options.capture ? "piped" : "inherit",
    stderr: options.capture ? "piped" : "inherit",
  }).spawn();
  if (!options.capture) return { code: (await child.status).code, output: "" };
  let output = "";
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof Deno.stdout) => {
    for await (const chunk of stream) {
      output += decoder.decode(chunk, { stream: true });
      await sink.write(chunk);
    }
  };
  await Promise.all([pump(child.stdout, Deno.stdout), pump(child.stderr, Deno.stderr)]);
  return { code: (await child.status).code, output };
}

async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM)) return;
  console.log("Chromium is missing: installing Debian's chromium package…");
  const asRoot = Deno.uid() === 0 ? [] : ["sudo"];
  let { code } = await run([...asRoot, "apt-get", "install", "-y", "chromium"]);
  if (code !== 0) {
    await run([...asRoot, "apt-get", "update"]);
    ({ code } = await run([...asRoot, "apt-get", "install", "-y", "chromium"]));
  }
  if (code !== 0 || !existsSync(CHROMIUM)) {
    console.error("Could not install Chromium; the browser tests will fail.");
  }
}

const deno = Deno.execPath();
const build = await run([deno, "run", "-A", "scripts/build-client.ts"]);
if (build.code !== 0) {
  console.log("0 passed, 1 failed");
  Deno.exit(1);
}
await ensureChromium();
const filters = Deno.args.length > 0 ? Deno.args : ["tests/"];
const result = await run([deno, "test", "-A", "--parallel", ...filters], { capture: true });

// deno test prints e.g. "ok | 120 passed (3 steps) | 0 failed (12s)" or "FAILED | 118 passed | 2 failed".
const summary = [...result.output.matchAll(/(\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/g)].at(-1);
const passed = summary ? Number(summary[1]) : 0;
let failed = summary ? Number(summary[2]) : 0;
if (!summary || (result.code !== 0 && failed === 0)) failed += 1; // the run itself broke (type error, crash)
console.log(`${passed} passed, ${failed} failed`);
Deno.exit(failed > 0 ? 1 : 0);
