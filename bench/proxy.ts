/**
 * Proxy mode's cost (issue 18 item 8), written to bench/RESULTS.md:
 * 1. the latency the proxy adds per call over loopback: the same calls to a Sluice on the embedded backend
 *    (standing in for Graylog) directly and through a Sluice in proxy mode in front of it, interleaved; the
 *    median of the paired differences per call (aim: at most 2 ms);
 * 2. an export streamed through the proxy: the real CSV export of the upstream's demo messages (its first byte
 *    against its last), and a far larger export from a stand-in Graylog that writes CSV lines as they are read,
 *    with the proxy process's resident memory sampled throughout: it must not grow with the export.
 *
 * `deno run -A bench/proxy.ts` (PORT_BASE picks the ports, 29500 by default; SLUICE_BENCH_EXPORT_MB the size of the
 * large export, 256 by default).
 */
import { round, summarize } from "./stats.ts";
import { writeResults } from "./results.ts";

const PORT_BASE = Number(Deno.env.get("PORT_BASE") ?? "29500");
const EXPORT_MB = Number(Deno.env.get("SLUICE_BENCH_EXPORT_MB") ?? "256");
const ROUNDS = 200;
const JSON_HEADERS = { "Content-Type": "application/json", "X-Requested-By": "bench" };

interface Process {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** `main.ts` as a child process; resolves once it listens. */
async function startSluice(port: number, env: Record<string, string>): Promise<Process> {
  const dataDir = await Deno.makeTempDir({ prefix: "sluice-bench-proxy-" });
  const child = new Deno.Command(Deno.execPath(), {
    // As `task start` serves: a request's signal aborts only when its caller goes away, not when the answer begins.
    args: ["run", "-A", "--unstable-no-legacy-abort", "main.ts"],
    cwd: new URL("../", import.meta.url).pathname,
    env: { SLUICE_DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SLUICE_DEMO_RATE: "0", SLUICE_ADMIN_PASSWORD: "admin", ...env },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (!output.includes("Sluice listening on")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server on port ${port} exited before listening:\n${output}`);
    output += value;
  }
  (async () => {
    while (!(await reader.read()).done) { /* keep the pipe drained */ }
  })();
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

async function login(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/system/sessions`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ username: "admin", password: "admin", host: "bench" }),
  });
  if (!answer.ok) throw new Error(`sign-in at ${base}: ${answer.status} ${await answer.text()}`);
  await answer.body?.cancel();
  return answer.headers.getSetCookie()[0].split(";")[0];
}

/** Resident memory of a process in MiB (Linux). */
function residentMiB(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

interface Call {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
}

const CALLS: Call[] = [
  { name: "session validation", method: "GET", path: "/api/system/sessions" },
  { name: "system overview", method: "GET", path: "/api/system" },
  { name: "current user", method: "GET", path: "/api/users/admin" },
  { name: "streams list", method: "GET", path: "/api/streams" },
  { name: "throughput metrics", method: "POST", path: "/api/system/metrics/multiple", body: { metrics: ["org.graylog2.throughput.input.1-sec-rate", "org.graylog2.throughput.output.1-sec-rate"] } },
  { name: "saved searches page (adapted)", method: "GET", path: "/api/search/saved?page=1&per_page=20" },
];

/** One call's time to the end of its body, in ms. */
async function timed(base: string, cookie: string, call: Call): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${base}${call.path}`, {
    method: call.method,
    headers: { ...JSON_HEADERS, Cookie: cookie },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`${call.method} ${base}${call.path}: ${answer.status}`);
  return performance.now() - started;
}

/** Reads an answer to its end, chunk by chunk: bytes, time to the first and to the last byte. */
async function drain(answer: Response, started: number, onChunk: () => void = () => {}): Promise<{ bytes: number; firstMs: number; lastMs: number }> {
  if (!answer.ok || !answer.body) throw new Error(`export: ${answer.status} ${await answer.text()}`);
  let bytes = 0;
  let firstMs = NaN;
  for await (const chunk of answer.body) {
    if (bytes === 0) firstMs = performance.now() - started;
    bytes += chunk.byteLength;
    onChunk();
  }
  return { bytes, firstMs, lastMs: performance.now() - started };
}

/** A stand-in Graylog whose export writes `megabytes` of CSV lines as the reader takes them (never all at once). */
function streamingGraylog(port: number, megabytes: number): Deno.HttpServer {
  const line = new TextEncoder().encode(`2023-06-01T10:14:52.123Z,web-1,${"GET /index.html HTTP/1.1 200 ".repeat(7)}\n`);
  const linesPerChunk = Math.floor(65_536 / line.byteLength);
  const chunk = new Uint8Array(linesPerChunk * line.byteLength);
  for (let i = 0; i < linesPerChunk; i++) chunk.set(line, i * line.byteLength);
  return Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/api/system/sessions" && request.method === "POST") {
      await request.body?.cancel();
      return Response.json({ session_id: "bench", valid_until: new Date(Date.now() + 3_600_000).toISOString(), username: "admin", user_id: "local:admin" });
    }
    if (path !== "/api/views/export") return Response.json({ type: "ApiError", message: `not here: ${path}` }, { status: 404 });
    await request.body?.cancel();
    let left = megabytes * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left <= 0) return controller.close();
        const next = left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
        left -= next.byteLength;
        controller.enqueue(next);
      },
    }, { highWaterMark: 1 });
    return new Response(body, { headers: { "Content-Type": "text/csv" } });
  });
}

const EXPORT_REQUEST = {
  query_string: { type: "elasticsearch", query_string: "" },
  timerange: { type: "relative", from: 0 },
  fields_in_order: ["timestamp", "source", "message"],
};

async function exportThrough(base: string, cookie: string, pid: number | null): Promise<{ bytes: number; firstMs: number; lastMs: number; peakMiB: number }> {
  let peakMiB = pid === null ? NaN : residentMiB(pid);
  let chunks = 0;
  const started = performance.now();
  const answer = await fetch(`${base}/api/views/export`, {
    method: "POST",
    headers: { ...JSON_HEADERS, Cookie: cookie, Accept: "text/csv" },
    body: JSON.stringify(EXPORT_REQUEST),
  });
  const drained = await drain(answer, started, () => {
    if (pid !== null && ++chunks % 16 === 0) peakMiB = Math.max(peakMiB, residentMiB(pid));
  });
  if (pid !== null) peakMiB = Math.max(peakMiB, residentMiB(pid));
  return { ...drained, peakMiB };
}

const upstreamPort = PORT_BASE;
const proxyPort = PORT_BASE + 1;
const standInPort = PORT_BASE + 2;
const exportProxyPort = PORT_BASE + 3;
const standIn = streamingGraylog(standInPort, EXPORT_MB);
const started = await Promise.allSettled([
  startSluice(upstreamPort, { SLUICE_DEMO_MESSAGES: Deno.env.get("SLUICE_DEMO_MESSAGES") ?? "20000" }),
  startSluice(proxyPort, { SLUICE_GRAYLOG_URL: `http://127.0.0.1:${upstreamPort}` }),
  startSluice(exportProxyPort, { SLUICE_GRAYLOG_URL: `http://127.0.0.1:${standInPort}` }),
]);
const processes = started.flatMap((result) => result.status === "fulfilled" ? [result.value] : []);
try {
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
  const [upstream, proxy, exportProxy] = processes;
  const [directCookie, proxiedCookie] = [await login(upstream.base), await login(proxy.base)];

  const rows: string[][] = [];
  const allAdded: number[] = [];
  for (const call of CALLS) {
    for (let i = 0; i < 20; i++) {
      await timed(upstream.base, directCookie, call);
      await timed(proxy.base, proxiedCookie, call);
    }
    const direct: number[] = [];
    const proxied: number[] = [];
    const added: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Interleaved, alternating which goes first, so both see the same machine.
      let straight: number;
      let forwarded: number;
      if (i % 2 === 0) {
        straight = await timed(upstream.base, directCookie, call);
        forwarded = await timed(proxy.base, proxiedCookie, call);
      } else {
        forwarded = await timed(proxy.base, proxiedCookie, call);
        straight = await timed(upstream.base, directCookie, call);
      }
      direct.push(straight);
      proxied.push(forwarded);
      added.push(forwarded - straight);
    }
    allAdded.push(...added);
    const [d, p, a] = [summarize(direct), summarize(proxied), summarize(added)];
    rows.push([call.name, `${call.method} ${call.path.replace(/\?.*/, "")}`, String(round(d.median, 2)), String(round(p.median, 2)), String(round(a.median, 2)), String(round(a.p95, 2))]);
    console.log(rows.at(-1)!.join(" | "));
  }
  const overall = summarize(allAdded);
  rows.push(["**all calls**", "", "", "", `**${round(overall.median, 2)}**`, String(round(overall.p95, 2))]);

  const realDirect = await exportThrough(upstream.base, directCookie, null);
  const realProxied = await exportThrough(proxy.base, proxiedCookie, proxy.pid);
  const exportCookie = await login(exportProxy.base);
  const idleMiB = residentMiB(exportProxy.pid);
  const large = await exportThrough(exportProxy.base, exportCookie, exportProxy.pid);
  const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
  const exportRows = [
    ["upstream's demo messages, direct", `${mb(realDirect.bytes)} MiB`, String(round(realDirect.firstMs)), String(round(realDirect.lastMs)), "–"],
    ["upstream's demo messages, through the proxy", `${mb(realProxied.bytes)} MiB`, String(round(realProxied.firstMs)), String(round(realProxied.lastMs)), `${round(realProxied.peakMiB)} (peak)`],
    [`stand-in Graylog, ${EXPORT_MB} MiB, through the proxy`, `${mb(large.bytes)} MiB`, String(round(large.firstMs)), String(round(large.lastMs)), `${round(idleMiB)} idle → ${round(large.peakMiB)} peak (+${round(large.peakMiB - idleMiB)})`],
  ];
  exportRows.forEach((row) => console.log(row.join(" | ")));
  if (realProxied.bytes !== realDirect.bytes) throw new Error(`the export through the proxy has ${realProxied.bytes} bytes, direct ${realDirect.bytes}`);

  await writeResults(
    "Proxy mode (issue 18 item 8, bench/proxy.ts)",
    ["call", "request", "direct median ms", "through the proxy median ms", "added median ms", "added p95 ms"],
    [
      ...rows,
      [],
      ["**export**", "**bytes**", "**first byte ms**", "**last byte ms**", "**proxy RSS MiB**", ""],
      ...exportRows.map((row) => [...row, ""]),
    ].map((row) => row.length === 0 ? ["", "", "", "", "", ""] : row),
    `Loopback; the upstream is a Sluice on the embedded backend (${Deno.env.get("SLUICE_DEMO_MESSAGES") ?? "20000"} demo messages) in its own process, the proxy a Sluice in proxy mode in another; ${ROUNDS} interleaved pairs per call after 20 warm-up pairs; "added" is the median of the per-pair differences (aim ≤ 2 ms). The machine is shared (other test runs at the same time), so single figures move; the differences are paired to cancel most of that. The export rows: the proxy passes an export on chunk by chunk; its resident memory is sampled every 16 chunks while a ${EXPORT_MB} MiB export streams through it.`,
  );
} finally {
  await Promise.all(processes.map((process) => process.stop()));
  await standIn.shutdown();
}
