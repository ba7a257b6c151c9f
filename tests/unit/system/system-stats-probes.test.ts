import assert from "node:assert/strict";
import { mountOf, parseMountInfo } from "../../../mock-backend/system-stats/fs-probe.ts";
import { primaryInterface } from "../../../mock-backend/system-stats/network-probe.ts";
import { parseCpuTicks, processorOf } from "../../../mock-backend/system-stats/os-probe.ts";
import { maxDescriptors } from "../../../mock-backend/system-stats/process-probe.ts";
import { procTable } from "../../../mock-backend/system-stats/proc-files.ts";

const MOUNTINFO = [
  "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw",
  "30 22 8:17 / /var/lib/sluice rw,relatime shared:2 - xfs /dev/sdb1 rw",
  "31 22 0:40 / /var/lib/sluice\\040old rw - tmpfs tmpfs rw",
].join("\n");

Deno.test("a path's file system is the longest mount point holding it, with its device and type", () => {
  const mounts = parseMountInfo(MOUNTINFO);
  assert.deepEqual(mountOf("/var/lib/sluice/data", mounts), { majorMinor: "8:17", mountPoint: "/var/lib/sluice", type: "xfs", device: "/dev/sdb1" });
  assert.equal(mountOf("/var/lib/sluicewhatever", mounts)?.mountPoint, "/", "a prefix that is not a directory does not count");
  assert.equal(mountOf("/var/lib/sluice old/x", mounts)?.type, "tmpfs", "octal escapes in mount points are read");
  assert.deepEqual(parseMountInfo(null), []);
});

Deno.test("CPU shares come from /proc/stat's first line; the processor from /proc/cpuinfo", () => {
  assert.deepEqual(parseCpuTicks("cpu  100 5 50 800 20 3 2 10 0 0\ncpu0 1 2 3 4"), { user: 105, sys: 55, idle: 820, stolen: 10, total: 990 });
  assert.equal(parseCpuTicks(null), null);
  const processor = processorOf("vendor_id\t: GenuineIntel\nmodel name\t: Xeon\ncpu MHz\t\t: 2199.998\ncache size\t: 33792 KB\nphysical id\t: 0\n");
  assert.equal(processor.model, "Xeon");
  assert.equal(processor.vendor, "GenuineIntel");
  assert.equal(processor.mhz, 2200);
  assert.equal(processor.cache_size, 33792 * 1024);
  assert.equal(processor.total_sockets, 1);
  assert.equal(processorOf(null).total_sockets, -1, "unknown without /proc/cpuinfo");
});

Deno.test("the primary interface is the default route's; TCP counters and the descriptor limit are read from their tables", () => {
  const routes = "Iface\tDestination\tGateway\nlo\t0000007F\t00000000\neth0\t00000000\t0100A8C0\n";
  assert.equal(primaryInterface(routes), "eth0");
  assert.equal(primaryInterface(null), null);
  assert.deepEqual(procTable("Ip: Forwarding\nIp: 1\nTcp: ActiveOpens CurrEstab\nTcp: 7 3\n", "Tcp"), { ActiveOpens: 7, CurrEstab: 3 });
  assert.equal(procTable("Ip: a\nIp: 1\n", "Tcp"), null);
  assert.equal(maxDescriptors("Limit  Soft Limit  Hard Limit  Units\nMax open files            1048576              1048576              files\n"), 1048576);
  assert.equal(maxDescriptors("Max open files            unlimited            unlimited            files\n"), -1);
});
