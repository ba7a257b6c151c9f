/**
 * Reading the kernel's /proc and /sys files. They exist on Linux only; elsewhere (or where a container hides them)
 * every reader answers null and the statistics say "not available" in Graylog's way (-1 or null).
 */
export async function readProcFile(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return null;
  }
}

/** A /proc table of `Name: a b c` header and value lines (as /proc/net/snmp writes them) for one prefix. */
export function procTable(text: string | null, prefix: string): Record<string, number> | null {
  if (text === null) return null;
  const lines = text.split("\n").filter((line) => line.startsWith(`${prefix}:`));
  if (lines.length < 2) return null;
  const names = lines[0].split(/\s+/).slice(1);
  const values = lines[1].split(/\s+/).slice(1).map(Number);
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
}

/** A number from a /sys file, or -1 when it cannot be read. */
export async function readNumber(path: string): Promise<number> {
  const text = await readProcFile(path);
  const value = text === null ? NaN : Number(text.trim());
  return Number.isFinite(value) ? value : -1;
}

/** The kernel's clock ticks per second for the times in /proc/self/stat (USER_HZ: 100 on every Linux architecture Deno runs on). */
export const CLOCK_TICKS_PER_SECOND = 100;
