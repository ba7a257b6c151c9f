import { cpus } from "node:os";
import type { OsStats } from "../../api/schemas/system-stats.ts";
import { readProcFile } from "./proc-files.ts";

interface CpuTicks {
  user: number;
  sys: number;
  idle: number;
  stolen: number;
  total: number;
}

/**
 * The machine's statistics in Graylog's `OsStats` shape: load average, uptime and memory from Deno, the processor
 * from /proc/cpuinfo, its user/system/idle/stolen shares from /proc/stat since the previous reading (since boot on
 * the first). A figure Linux does not give (or a non-Linux host) is -1.
 */
export class OsProbe {
  private previous: CpuTicks | null = null;

  async read(): Promise<OsStats> {
    const memory = Deno.systemMemoryInfo();
    const used = memory.total - memory.free;
    const percent = (part: number) => (memory.total > 0 ? Math.round((part / memory.total) * 100) : -1);
    return {
      load_average: Deno.loadavg(),
      uptime: Deno.osUptime(),
      processor: { ...processorOf(await readProcFile("/proc/cpuinfo")), ...this.shares(parseCpuTicks(await readProcFile("/proc/stat"))) },
      memory: {
        total: memory.total,
        free: memory.free,
        free_percent: percent(memory.free),
        used,
        used_percent: percent(used),
        actual_free: memory.available,
        actual_used: memory.total - memory.available,
      },
      swap: { total: memory.swapTotal, free: memory.swapFree, used: memory.swapTotal - memory.swapFree },
    };
  }

  private shares(now: CpuTicks | null): { sys: number; user: number; idle: number; stolen: number } {
    if (now === null) return { sys: -1, user: -1, idle: -1, stolen: -1 };
    const since = this.previous && now.total > this.previous.total ? this.previous : { user: 0, sys: 0, idle: 0, stolen: 0, total: 0 };
    this.previous = now;
    const total = now.total - since.total;
    const share = (key: keyof CpuTicks) => (total > 0 ? Math.round(((now[key] - since[key]) / total) * 100) : -1);
    return { sys: share("sys"), user: share("user"), idle: share("idle"), stolen: share("stolen") };
  }
}

/** /proc/stat's first line: `cpu user nice system idle iowait irq softirq steal …` in clock ticks. */
export function parseCpuTicks(text: string | null): CpuTicks | null {
  const line = text?.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const total = [user, nice, system, idle, iowait, irq, softirq, steal].reduce((sum, n) => sum + (n || 0), 0);
  return { user: user + nice, sys: system + irq + softirq, idle: idle + iowait, stolen: steal || 0, total };
}

/** The processor's model, vendor, clock, cores, sockets and cache from /proc/cpuinfo (the core count from the OS). */
export function processorOf(cpuinfo: string | null): Omit<OsStats["processor"], "sys" | "user" | "idle" | "stolen"> {
  const first = (key: string) => cpuinfo?.match(new RegExp(`^${key}\\s*:\\s*(.*)$`, "m"))?.[1].trim() ?? null;
  const sockets = new Set([...(cpuinfo ?? "").matchAll(/^physical id\s*:\s*(\d+)$/gm)].map((m) => m[1])).size;
  const totalCores = cpus().length;
  const cache = first("cache size")?.match(/^(\d+)\s*KB$/i);
  return {
    model: first("model name") ?? cpus()[0]?.model ?? "unknown",
    vendor: first("vendor_id") ?? "unknown",
    mhz: Math.round(Number(first("cpu MHz") ?? cpus()[0]?.speed ?? -1)),
    total_cores: totalCores,
    total_sockets: sockets > 0 ? sockets : -1,
    cores_per_socket: sockets > 0 ? Math.round(totalCores / sockets) : -1,
    cache_size: cache ? Number(cache[1]) * 1024 : -1,
  };
}
