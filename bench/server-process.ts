/** Starts `main.ts` as a child process on a free port with a fresh data dir, for benchmarks. */
export interface BenchServer {
  base: string;
  /** The server's process id (to sample its memory). */
  pid: number;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const dataDir = await Deno.makeTempDir({ prefix: "sluice-bench-" });
  const port = env.PORT ?? String(19000 + Math.floor(Math.random() * 500));
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-no-legacy-abort", "main.ts"], // as `deno task serve` runs it
    env: { SLUICE_DATA_DIR: dataDir, PORT: port, HOST: "127.0.0.1", SLUICE_DEMO_RATE: "0", ...env },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (!output.includes("Sluice listening on")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening:\n${output}`);
    output += value;
  }
  // Keep draining stdout so the child never blocks on a full pipe.
  (async () => {
    while (!(await reader.read()).done) { /* drain */ }
  })();
  return {
    base: `http://127.0.0.1:${port}${env.SLUICE_PATH_PREFIX ?? ""}`,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

/** The CPU time (ms, user + system, every thread) process `pid` has used so far (Linux /proc, 10 ms ticks). */
export async function processCpuMs(pid: number): Promise<number> {
  const fields = (await Deno.readTextFile(`/proc/${pid}/stat`)).split(") ")[1].split(" ");
  // Fields 14 and 15 of stat (utime, stime), counted after the command name's closing parenthesis.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/system/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Requested-By": "bench" },
    body: JSON.stringify({ username, password, host: "bench" }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  await response.body?.cancel();
  return response.headers.get("set-cookie")!.split(";")[0];
}

/** POSTs a JSON body as the signed-in user (its session cookie) and reads the JSON answer; any other status throws. */
export async function postJson<T>(base: string, cookie: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/json", "X-Requested-By": "bench" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return await response.json();
}
