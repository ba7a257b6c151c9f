/**
 * The real server as a child process on loopback, on a data directory that outlives it, so a test can kill it
 * with SIGKILL and start it again on the same database.
 */
export interface ServerProcess {
  base: string;
  /** Ends the process at once, as a power cut would: no shutdown work runs. */
  kill(): Promise<void>;
}

const ADMIN_PASSWORD = "durability-admin";
export const ADMIN_AUTH = { Authorization: `Basic ${btoa(`admin:${ADMIN_PASSWORD}`)}` };

/**
 * A loopback port no one listens on now, chosen by the system: the durability files run in parallel with each
 * other and with the e2e files, so a fixed range per file would collide.
 */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

export async function startServer(dataDir: string, demoMessages = 300): Promise<ServerProcess> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-no-legacy-abort", "main.ts"],
    env: {
      SLUICE_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SLUICE_DEMO_RATE: "0",
      SLUICE_DEMO_MESSAGES: String(demoMessages),
      SLUICE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const drain = (stream: ReadableStream<Uint8Array<ArrayBuffer>>) => stream.pipeThrough(new TextDecoderStream()).getReader();
  const stdout = drain(child.stdout);
  const stderr = drain(child.stderr);
  let output = "";
  const deadline = Date.now() + 180_000;
  while (!output.includes("Sluice listening on")) {
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not listen within 180 s:\n${output}`);
    }
    const { value, done } = await stdout.read();
    if (done) throw new Error(`the server exited before listening:\n${output}`);
    output += value;
  }
  const drained = Promise.all([
    (async () => {
      while (!(await stdout.read()).done) { /* keep the pipe empty */ }
    })(),
    (async () => {
      while (!(await stderr.read()).done) { /* keep the pipe empty */ }
    })(),
  ]);
  return {
    base: `http://127.0.0.1:${port}/api`,
    async kill() {
      try {
        child.kill("SIGKILL");
      } catch {
        // Killed (or ended) already.
      }
      await child.status;
      await drained;
    },
  };
}

/** A JSON call as the admin (HTTP basic auth, X-Requested-By on changes); the status and parsed body. */
export async function call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...ADMIN_AUTH,
      Accept: "application/json",
      ...(method === "GET" ? {} : { "X-Requested-By": "durability" }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text && /json/.test(response.headers.get("Content-Type") ?? "") ? JSON.parse(text) : text };
}
