/**
 * `deno task import` as a child process on a data directory of its own, so a test can kill it with SIGKILL
 * mid-way, and a look into the database it leaves (opened in the test's process once the import is gone).
 */
import { join } from "node:path";
import { Database } from "../../mock-backend/database.ts";

export interface ImportRun {
  code: number;
  stdout: string;
}

const environment = (dataDir: string) => ({ SLUICE_DATA_DIR: dataDir, SLUICE_DEMO_MESSAGES: "0", SLUICE_DEMO_RATE: "0" });
const importArgs = (args: string[]) => ["run", "-A", "scripts/import.ts", ...args];

/** Runs an import to its end. */
export async function runImport(dataDir: string, args: string[]): Promise<ImportRun> {
  const output = await new Deno.Command(Deno.execPath(), { args: importArgs(args), env: environment(dataDir), stdout: "piped", stderr: "piped" })
    .output();
  return { code: output.code, stdout: new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr) };
}

/**
 * Starts an import and kills it with SIGKILL once its output matches `when` (or after `afterMs` at the latest);
 * answers whether the kill came before the import ended by itself.
 */
export async function killImport(dataDir: string, args: string[], when: RegExp, afterMs: number): Promise<boolean> {
  const child = new Deno.Command(Deno.execPath(), { args: importArgs(args), env: environment(dataDir), stdout: "piped", stderr: "null" })
    .spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  const timer = setTimeout(() => kill(), afterMs);
  let killed = false;
  const kill = () => {
    try {
      child.kill("SIGKILL");
      killed = true;
    } catch {
      // It ended before the kill.
    }
  };
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    output += value;
    if (when.test(output)) {
      kill();
      break;
    }
  }
  clearTimeout(timer);
  await reader.cancel().catch(() => {});
  const status = await child.status;
  return killed && !status.success;
}

/** What the database holds: its messages, and what the import ledger counts as stored (every import together). */
export async function storedCounts(dataDir: string): Promise<{ messages: number; ledger: number }> {
  const db = await Database.open({ path: join(dataDir, "sluice.duckdb") });
  try {
    const [messages] = await db.all<{ n: bigint }>("SELECT count(*) AS n FROM messages");
    const [ledger] = await db.all<{ n: bigint | null }>("SELECT sum(messages)::BIGINT AS n FROM import_ledger");
    return { messages: Number(messages.n), ledger: Number(ledger.n ?? 0n) };
  } finally {
    db.close();
  }
}

/** The `stored: N` of an import's closing line. */
export function storedBy(run: ImportRun): number {
  const stored = /stored: (\d+)/.exec(run.stdout)?.[1];
  if (stored === undefined) throw new Error(`no 'stored:' line in the import's output:\n${run.stdout}`);
  return Number(stored);
}
