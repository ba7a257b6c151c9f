import { statfsSync } from "node:fs";
import { resolve } from "node:path";
import type { Filesystem, FsStats } from "../../api/schemas/system-stats.ts";
import { readProcFile } from "./proc-files.ts";

interface Mount {
  mountPoint: string;
  device: string;
  type: string;
  majorMinor: string;
}

/**
 * The file systems of the paths this node writes (the database's directory), as Graylog's FsProbe reports its data
 * and journal paths: sizes and inodes from statfs, mount point, device and type from /proc/self/mountinfo, disk
 * reads and writes of the device from /proc/diskstats. Queue length and service time are not kept by Linux per
 * device in a form worth a sample here: -1, as Graylog writes what its probe cannot read.
 */
export async function fsStats(paths: readonly string[]): Promise<FsStats> {
  const mounts = parseMountInfo(await readProcFile("/proc/self/mountinfo"));
  const disks = parseDiskStats(await readProcFile("/proc/diskstats"));
  const filesystems: Record<string, Filesystem> = {};
  for (const path of paths) {
    const absolute = resolve(path);
    const mount = mountOf(absolute, mounts);
    const disk = mount ? disks.get(mount.majorMinor) : undefined;
    filesystems[absolute] = { ...sizes(absolute), ...inodes(absolute), ...describe(mount), ...diskCounters(disk) };
  }
  return { filesystems };
}

function sizes(path: string): Pick<Filesystem, "path" | "total" | "free" | "available" | "used" | "used_percent"> {
  try {
    const stat = statfsSync(path);
    const total = stat.blocks * stat.bsize;
    const free = stat.bfree * stat.bsize;
    const used = total - free;
    return { path, total, free, available: stat.bavail * stat.bsize, used, used_percent: total > 0 ? Math.round((used / total) * 100) : -1 };
  } catch {
    return { path, total: -1, free: -1, available: -1, used: -1, used_percent: -1 };
  }
}

function inodes(path: string): Pick<Filesystem, "inodes_total" | "inodes_free" | "inodes_used" | "inodes_used_percent"> {
  try {
    const stat = statfsSync(path);
    const used = stat.files - stat.ffree;
    return { inodes_total: stat.files, inodes_free: stat.ffree, inodes_used: used, inodes_used_percent: stat.files > 0 ? Math.round((used / stat.files) * 100) : -1 };
  } catch {
    return { inodes_total: -1, inodes_free: -1, inodes_used: -1, inodes_used_percent: -1 };
  }
}

function describe(mount: Mount | undefined): Pick<Filesystem, "mount" | "dev" | "type_name" | "sys_type_name"> {
  if (!mount) return { mount: null, dev: null, type_name: null, sys_type_name: null };
  return { mount: mount.mountPoint, dev: mount.device, type_name: mount.device.startsWith("/dev/") ? "local" : "none", sys_type_name: mount.type };
}

function diskCounters(disk: DiskCounters | undefined) {
  return {
    disk_reads: disk?.reads ?? -1,
    disk_writes: disk?.writes ?? -1,
    disk_read_bytes: disk ? disk.sectorsRead * 512 : -1,
    disk_write_bytes: disk ? disk.sectorsWritten * 512 : -1,
    disk_queue: -1,
    disk_service_time: -1,
  };
}

/** /proc/self/mountinfo: `id parent major:minor root mountpoint options … - type source superoptions`. */
export function parseMountInfo(text: string | null): Mount[] {
  if (text === null) return [];
  return text.split("\n").flatMap((line) => {
    const [left, right] = line.split(" - ");
    if (!right) return [];
    const fields = left.split(" ");
    const [type, source] = right.split(" ");
    return [{ majorMinor: fields[2], mountPoint: unescapeMount(fields[4]), type, device: source }];
  });
}

function unescapeMount(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** The mount holding a path: the longest mount point that is a prefix of it. */
export function mountOf(path: string, mounts: readonly Mount[]): Mount | undefined {
  const holds = (mountPoint: string) => mountPoint === "/" || path === mountPoint || path.startsWith(`${mountPoint}/`);
  return mounts.filter((mount) => holds(mount.mountPoint)).sort((a, b) => b.mountPoint.length - a.mountPoint.length)[0];
}

interface DiskCounters {
  reads: number;
  sectorsRead: number;
  writes: number;
  sectorsWritten: number;
}

/** /proc/diskstats: `major minor name reads merged sectors ms writes merged sectors …`, keyed `major:minor`. */
function parseDiskStats(text: string | null): Map<string, DiskCounters> {
  const disks = new Map<string, DiskCounters>();
  for (const line of (text ?? "").split("\n")) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    disks.set(`${fields[0]}:${fields[1]}`, { reads: Number(fields[3]), sectorsRead: Number(fields[5]), writes: Number(fields[7]), sectorsWritten: Number(fields[9]) });
  }
  return disks;
}
