import type { ProcessStats } from "../../api/schemas/system-stats.ts";
import { CLOCK_TICKS_PER_SECOND, readProcFile } from "./proc-files.ts";

const PAGE_SIZE = 4096;

/**
 * This process in Graylog's `ProcessStats` shape: open and maximum file descriptors from /proc/self, CPU times (ms)
 * from /proc/self/stat with the share of one core since the previous reading, virtual, resident and shared memory
 * from /proc/self/statm. Off Linux the descriptors are -1 and cpu and memory null, as Graylog's JMX probe writes them.
 */
export class ProcessProbe {
  private previous: { cpuMs: number; at: number } | null = null;
  private readonly startedAt = performance.now();

  async read(): Promise<ProcessStats> {
    return {
      pid: Deno.pid,
      open_file_descriptors: await openDescriptors(),
      max_file_descriptors: maxDescriptors(await readProcFile("/proc/self/limits")),
      cpu: this.cpu(await readProcFile("/proc/self/stat")),
      memory: memoryOf(await readProcFile("/proc/self/statm")),
    };
  }

  private cpu(stat: string | null): ProcessStats["cpu"] {
    // Fields after the command (which may hold spaces) in parentheses: state is field 3, utime 14, stime 15.
    const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (!fields || fields.length < 13) return null;
    const user = (Number(fields[11]) * 1000) / CLOCK_TICKS_PER_SECOND;
    const sys = (Number(fields[12]) * 1000) / CLOCK_TICKS_PER_SECOND;
    const now = performance.now();
    const since = this.previous ?? { cpuMs: 0, at: this.startedAt };
    this.previous = { cpuMs: user + sys, at: now };
    const elapsed = now - since.at;
    return { percent: elapsed > 0 ? Math.round(((user + sys - since.cpuMs) / elapsed) * 100) : -1, sys, user, total: user + sys };
  }
}

async function openDescriptors(): Promise<number> {
  try {
    let count = 0;
    for await (const _ of Deno.readDir("/proc/self/fd")) count++;
    return count;
  } catch {
    return -1;
  }
}

/** `Max open files  <soft>  <hard>  files` in /proc/self/limits: the soft limit. */
export function maxDescriptors(limits: string | null): number {
  const soft = limits?.match(/^Max open files\s+(\S+)/m)?.[1];
  return soft === undefined || soft === "unlimited" ? -1 : Number(soft);
}

/** /proc/self/statm: `size resident shared …` in pages. */
function memoryOf(statm: string | null): ProcessStats["memory"] {
  const [size, resident, shared] = (statm ?? "").trim().split(/\s+/).map(Number);
  if (!Number.isFinite(size) || !Number.isFinite(resident)) return null;
  return { total_virtual: size * PAGE_SIZE, resident: resident * PAGE_SIZE, share: (shared || 0) * PAGE_SIZE };
}
